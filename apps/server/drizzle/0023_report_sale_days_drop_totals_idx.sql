-- The all-time totals and the sales list's count read report_sale_past and the recent day rows since 0022:
-- nothing sums every day row off this index now, and it made each sale's update of its day row non-HOT.
DROP INDEX "report_sale_days_currency_totals_idx";