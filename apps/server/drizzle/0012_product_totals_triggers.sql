-- report_product_totals (declared in src/db/schema/report-totals.ts) is report_products summed over the
-- sellers. Statement-level triggers on report_products itself keep it, so every writer of report_products
-- (the sale triggers of 0009, report_totals_rebuild, a cascade) keeps it in the same transaction without
-- knowing of it. Rows are taken in key order, as in 0009, so that two writers lock them in the same order.
-- The extra row lock is per product and currency: a sale already holds its products' batches until commit.
CREATE FUNCTION report_product_totals_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_product_totals AS t (business_id, currency, product_id, lines, units, revenue)
  SELECT business_id, currency, product_id, sum(lines), sum(units), sum(revenue)
  FROM new_rows GROUP BY business_id, currency, product_id
  ORDER BY business_id, currency, product_id
  ON CONFLICT (business_id, currency, product_id) DO UPDATE
    SET lines = t.lines + excluded.lines, units = t.units + excluded.units, revenue = t.revenue + excluded.revenue;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION report_product_totals_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_product_totals AS t (business_id, currency, product_id, lines, units, revenue)
  SELECT business_id, currency, product_id, sum(lines), sum(units), sum(revenue)
  FROM (
    SELECT business_id, currency, product_id, lines, units, revenue FROM new_rows
    UNION ALL
    SELECT business_id, currency, product_id, -lines, -units, -revenue FROM old_rows
  ) AS changes
  GROUP BY business_id, currency, product_id
  HAVING sum(lines) <> 0 OR sum(units) <> 0 OR sum(revenue) <> 0
  ORDER BY business_id, currency, product_id
  ON CONFLICT (business_id, currency, product_id) DO UPDATE
    SET lines = t.lines + excluded.lines, units = t.units + excluded.units, revenue = t.revenue + excluded.revenue;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Only an UPDATE: when the business itself is being deleted, its rows here are already gone (a cascade).
CREATE FUNCTION report_product_totals_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE report_product_totals AS t
  SET lines = t.lines - d.lines, units = t.units - d.units, revenue = t.revenue - d.revenue
  FROM (
    SELECT business_id, currency, product_id, sum(lines) AS lines, sum(units) AS units, sum(revenue) AS revenue
    FROM old_rows GROUP BY business_id, currency, product_id
    ORDER BY business_id, currency, product_id
  ) AS d
  WHERE t.business_id = d.business_id AND t.currency = d.currency AND t.product_id = d.product_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_products_totals_insert AFTER INSERT ON report_products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_product_totals_after_insert();
--> statement-breakpoint
CREATE TRIGGER report_products_totals_update AFTER UPDATE ON report_products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_product_totals_after_update();
--> statement-breakpoint
CREATE TRIGGER report_products_totals_delete AFTER DELETE ON report_products
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_product_totals_after_delete();
--> statement-breakpoint
-- What is there already.
INSERT INTO report_product_totals (business_id, currency, product_id, lines, units, revenue)
SELECT business_id, currency, product_id, sum(lines), sum(units), sum(revenue)
FROM report_products GROUP BY business_id, currency, product_id;
