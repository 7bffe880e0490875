import type { BusinessReport, CurrencyAmount } from '@oja/contract';
import type { BusinessContext } from '../../platform/tenancy';
import { dailyFigures, type MoneyFigures, moneyFigures } from './period-figures';
import { periodOf, revenueByDay, saleTotals, topProductsBoth } from './sale-figures';
import { salesByEmployee, salesByPaymentStatus, topDebtors } from './sale-tables';
import { expiredBatches, expiringBatches, lowStock, stockValue } from './stock-figures';

const TOP_PRODUCTS = 10;
const TOP_DEBTORS = 10;
const STOCK_ROWS = 50;

/**
 * The reports page over a period of Lagos days: revenue, cost, expenses and profit per currency and
 * per day, the sales tables, and the stock. Cancelled sales count nowhere. The sales figures read the
 * maintained totals (docs/adr/0009-report-totals.md): a handful of rows per day, however many lines.
 */
export async function getBusinessReport(
  context: BusinessContext,
  input: { from: string; to: string },
): Promise<BusinessReport> {
  const { db } = context;
  const scope = { businessId: context.businessId };
  const period = periodOf(input.from, input.to);
  const [totals, days, best, money, daily, employees, statuses, debtors, value, low, soon, expired] = await Promise.all(
    [
      saleTotals(db, scope, period),
      revenueByDay(db, scope, period),
      topProductsBoth(db, scope, TOP_PRODUCTS, period),
      moneyFigures(db, scope, period),
      dailyFigures(db, scope, period),
      salesByEmployee(db, scope, period),
      salesByPaymentStatus(db, scope, period),
      topDebtors(db, context.businessId, TOP_DEBTORS),
      stockValue(db, context.businessId),
      lowStock(db, context.businessId, STOCK_ROWS),
      expiringBatches(db, context.businessId, STOCK_ROWS),
      expiredBatches(db, context.businessId, STOCK_ROWS),
    ],
  );
  const amounts = (field: keyof MoneyFigures): CurrencyAmount[] =>
    money.map((row) => ({ currency: row.currency, amount: String(row[field]) }));
  return {
    from: input.from,
    to: input.to,
    total_revenue: totals.amounts,
    total_sales: totals.count,
    revenue_by_day: days,
    top_products: best.byQuantity,
    top_products_by_revenue: best.byRevenue,
    cost_of_goods_sold: amounts('cost_of_goods_sold'),
    gross_profit: amounts('gross_profit'),
    expenses: amounts('expenses'),
    net_profit: amounts('net_profit'),
    collected: amounts('collected'),
    outstanding: amounts('outstanding'),
    daily,
    sales_by_employee: employees,
    sales_by_payment_status: statuses,
    top_debtors: debtors,
    stock_value: value,
    low_stock: low,
    expiring: soon,
    expired,
  };
}
