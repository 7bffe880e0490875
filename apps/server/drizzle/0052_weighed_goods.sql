ALTER TABLE "stock_shortfalls" DROP CONSTRAINT "stock_shortfalls_quantity_check";--> statement-breakpoint
ALTER TABLE "sale_lines" DROP CONSTRAINT "sale_lines_quantity_check";--> statement-breakpoint
ALTER TABLE "sale_return_lines" DROP CONSTRAINT "sale_return_lines_quantity_check";--> statement-breakpoint
ALTER TABLE "stock_shortfalls" ALTER COLUMN "quantity" SET DATA TYPE numeric(14, 3);--> statement-breakpoint
ALTER TABLE "report_product_days" ALTER COLUMN "units" SET DATA TYPE numeric(20, 3);--> statement-breakpoint
ALTER TABLE "report_product_totals" ALTER COLUMN "units" SET DATA TYPE numeric(20, 3);--> statement-breakpoint
ALTER TABLE "report_product_window" ALTER COLUMN "units" SET DATA TYPE numeric(20, 3);--> statement-breakpoint
ALTER TABLE "report_products" ALTER COLUMN "units" SET DATA TYPE numeric(20, 3);--> statement-breakpoint
ALTER TABLE "report_stock_values" ALTER COLUMN "units" SET DATA TYPE numeric(20, 3);--> statement-breakpoint
ALTER TABLE "sale_lines" ALTER COLUMN "quantity" SET DATA TYPE numeric(14, 3);--> statement-breakpoint
ALTER TABLE "sale_return_lines" ALTER COLUMN "quantity" SET DATA TYPE numeric(14, 3);--> statement-breakpoint
ALTER TABLE "product_batches" ALTER COLUMN "quantity" SET DATA TYPE numeric(14, 3);--> statement-breakpoint
ALTER TABLE "product_stock" ALTER COLUMN "sellable" SET DATA TYPE numeric(20, 3);--> statement-breakpoint
ALTER TABLE "stock_movements" ALTER COLUMN "delta" SET DATA TYPE numeric(14, 3);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "is_weighed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_shortfalls" ADD CONSTRAINT "stock_shortfalls_quantity_check" CHECK ("stock_shortfalls"."quantity" > 0);--> statement-breakpoint
ALTER TABLE "sale_lines" ADD CONSTRAINT "sale_lines_quantity_check" CHECK ("sale_lines"."quantity" > 0);--> statement-breakpoint
ALTER TABLE "sale_return_lines" ADD CONSTRAINT "sale_return_lines_quantity_check" CHECK ("sale_return_lines"."quantity" > 0);--> statement-breakpoint
-- Weighed goods (ADR 0031): quantities are numeric(14,3) above, and every function that counted them as integers
-- counts them as numeric. product_stock's helpers change their signatures, so they are dropped and made again
-- (plpgsql and SQL bodies name them by text, so their callers find the new ones).
DROP FUNCTION product_stock_recount(bigint, bigint, date);--> statement-breakpoint
DROP FUNCTION product_stock_units(date[], integer[], date);--> statement-breakpoint
DROP FUNCTION product_stock_counts(integer, date, date);--> statement-breakpoint
CREATE FUNCTION product_stock_counts(quantity numeric, expiration_date date, day date) RETURNS numeric
  LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN expiration_date IS NULL OR expiration_date >= day THEN quantity ELSE 0 END
$$;--> statement-breakpoint
CREATE FUNCTION product_stock_units(expiries date[], units numeric[], day date) RETURNS numeric
  LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(sum(product_stock_counts(x.units, x.expiry, day)), 0) FROM unnest(expiries, units) AS x(expiry, units)
$$;--> statement-breakpoint
CREATE FUNCTION product_stock_recount(business bigint, product bigint, day date, OUT sellable numeric, OUT drops_on date)
  LANGUAGE sql STABLE AS $$
  SELECT coalesce(sum(product_stock_counts(b.quantity, b.expiration_date, day)), 0),
    min(b.expiration_date) FILTER (WHERE b.expiration_date >= day)
  FROM product_batches b
  WHERE b.business_id = business AND b.product_id = product AND b.quantity > 0
$$;--> statement-breakpoint
-- The report totals' line triggers and rebuild (their latest versions, wherever each was last made) cast a line's
-- quantity to bigint for its units, and cost a line at quantity × cost price: each is made again from its own text
-- with the cast to numeric and the line's cost rounded half up to the kobo (the one rounding of money by a
-- quantity, lineTotalKobo), so a 1.25 kg line counts 1.25 units, every cost figure stays whole kobo, and nothing
-- else in them changes. A whole quantity's cost was already whole kobo: round() leaves it as it was.
DO $$
DECLARE
  f oid;
BEGIN
  FOR f IN
    SELECT p.oid FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
    WHERE n.nspname = current_schema()
      AND (p.prosrc LIKE '%quantity::bigint%' OR p.prosrc LIKE '%quantity * %cost_price%')
  LOOP
    EXECUTE replace(replace(replace(pg_get_functiondef(f), 'quantity::bigint', 'quantity::numeric'),
      'l.quantity * l.cost_price', 'round(l.quantity * l.cost_price, 2)'),
      'sum(quantity * cost_price)', 'sum(round(quantity * cost_price, 2))');
  END LOOP;
END $$;
--> statement-breakpoint
-- A product becoming weighed (or not) changes what the phone's copy accepts: it moves the catalogue version too.
CREATE OR REPLACE FUNCTION catalogue_product_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_stock s SET version = catalogue_version()
  FROM new_rows n JOIN old_rows o ON o.business_id = n.business_id AND o.id = n.id
  WHERE s.business_id = n.business_id AND s.product_id = n.id
    AND (o.sku IS DISTINCT FROM n.sku OR o.barcode IS DISTINCT FROM n.barcode
      OR o.cost_price IS DISTINCT FROM n.cost_price OR o.selling_price IS DISTINCT FROM n.selling_price
      OR o.selling_price_discount_percentage IS DISTINCT FROM n.selling_price_discount_percentage
      OR o.wholesale_price IS DISTINCT FROM n.wholesale_price
      OR o.wholesale_price_discount_percentage IS DISTINCT FROM n.wholesale_price_discount_percentage
      OR o.currency IS DISTINCT FROM n.currency OR o.base_unit IS DISTINCT FROM n.base_unit
      OR o.is_weighed IS DISTINCT FROM n.is_weighed);
  RETURN NULL;
END $$;
