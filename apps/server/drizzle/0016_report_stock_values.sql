CREATE TABLE "report_product_window" (
	"business_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"product_id" bigint NOT NULL,
	"lines" integer NOT NULL,
	"units" bigint NOT NULL,
	"revenue" numeric NOT NULL,
	CONSTRAINT "report_product_window_business_id_currency_product_id_pk" PRIMARY KEY("business_id","currency","product_id")
);
--> statement-breakpoint
CREATE TABLE "report_product_window_anchors" (
	"business_id" bigint PRIMARY KEY NOT NULL,
	"anchor" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_stock_values" (
	"business_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "report_stock_values_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"currency" text NOT NULL,
	"expiration_date" date,
	"units" bigint NOT NULL,
	"value_at_cost" numeric NOT NULL,
	"value_at_retail" numeric NOT NULL,
	CONSTRAINT "report_stock_values_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
ALTER TABLE "report_product_window" ADD CONSTRAINT "report_product_window_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_product_window_anchors" ADD CONSTRAINT "report_product_window_anchors_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_stock_values" ADD CONSTRAINT "report_stock_values_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_product_window_units_idx" ON "report_product_window" USING btree ("business_id","units" DESC NULLS LAST,"revenue" DESC NULLS LAST,"product_id") WHERE "report_product_window"."lines" > 0;--> statement-breakpoint
CREATE INDEX "report_product_window_revenue_idx" ON "report_product_window" USING btree ("business_id","revenue" DESC NULLS LAST,"units" DESC NULLS LAST,"product_id") WHERE "report_product_window"."lines" > 0;--> statement-breakpoint
-- report_stock_values (src/db/schema/report-totals.ts): the stock's value per business, currency and expiry
-- date, as rows of changes written by the triggers below in the writer's transaction, whoever writes
-- (the ledger, the product's own use cases, a cascade, a bulk load). Only inserts: a sale's batch change
-- takes no row lock here. A batch counts quantity × coalesce(its cost, the product's cost) at cost and
-- quantity × the product's selling price at retail, while its product is live (archived_at is null).
--
-- The value depends on the batch and on its product, which are written apart, so each side's trigger
-- takes the other side in a way that orders two concurrent writers (READ COMMITTED):
-- - a change of a product's currency, prices or archiving locks the product's batches FOR UPDATE in
--   takeStock's order (expiry, nulls last, then id; ADR 0006) and counts them as they are once it has
--   them: a batch change in flight is waited for and seen, one that comes later waits and sees the new
--   product. A sale holds the product only KEY SHARE, which a price change does not wait for.
-- - a new batch is not seen by a price change in flight, so its insert holds the product FOR SHARE until
--   the end of its transaction: the two queue on the product row.
-- - a product's deletion takes its batches away by a cascade, after which the batch trigger no longer
--   finds the product: a BEFORE DELETE trigger on the product removes what its batches counted first.
CREATE FUNCTION report_stock_values_after_batch_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM products p
  WHERE (p.business_id, p.id) IN (SELECT business_id, product_id FROM new_rows)
  ORDER BY p.business_id, p.id
  FOR SHARE OF p;
  INSERT INTO report_stock_values (business_id, currency, expiration_date, units, value_at_cost, value_at_retail)
  SELECT b.business_id, p.currency, b.expiration_date, sum(b.quantity),
    sum(b.quantity * coalesce(b.cost_price, p.cost_price)), sum(b.quantity * p.selling_price)
  FROM new_rows b
  JOIN products p ON p.business_id = b.business_id AND p.id = b.product_id
  WHERE p.archived_at IS NULL AND b.quantity <> 0
  GROUP BY b.business_id, p.currency, b.expiration_date;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION report_stock_values_after_batch_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_stock_values (business_id, currency, expiration_date, units, value_at_cost, value_at_retail)
  SELECT c.business_id, p.currency, c.expiration_date, sum(c.quantity),
    sum(c.quantity * coalesce(c.cost_price, p.cost_price)), sum(c.quantity * p.selling_price)
  FROM (
    SELECT business_id, product_id, expiration_date, quantity, cost_price FROM new_rows
    UNION ALL
    SELECT business_id, product_id, expiration_date, -quantity, cost_price FROM old_rows
  ) AS c
  JOIN products p ON p.business_id = c.business_id AND p.id = c.product_id
  WHERE p.archived_at IS NULL
  GROUP BY c.business_id, p.currency, c.expiration_date
  HAVING sum(c.quantity) <> 0 OR sum(c.quantity * coalesce(c.cost_price, p.cost_price)) <> 0
    OR sum(c.quantity * p.selling_price) <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A batch deleted with its product (cascade) finds no product here: the product's trigger counted it out.
CREATE FUNCTION report_stock_values_after_batch_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_stock_values (business_id, currency, expiration_date, units, value_at_cost, value_at_retail)
  SELECT b.business_id, p.currency, b.expiration_date, -sum(b.quantity),
    -sum(b.quantity * coalesce(b.cost_price, p.cost_price)), -sum(b.quantity * p.selling_price)
  FROM old_rows b
  JOIN products p ON p.business_id = b.business_id AND p.id = b.product_id
  WHERE p.archived_at IS NULL AND b.quantity <> 0
  GROUP BY b.business_id, p.currency, b.expiration_date;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION report_stock_values_after_product_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH changed AS (
    SELECT n.business_id, n.id
    FROM new_rows n
    JOIN old_rows o ON o.business_id = n.business_id AND o.id = n.id
    WHERE (n.currency, n.cost_price, n.selling_price, n.archived_at IS NULL)
      IS DISTINCT FROM (o.currency, o.cost_price, o.selling_price, o.archived_at IS NULL)
  ),
  batches AS (
    SELECT b.business_id, b.product_id, b.expiration_date, b.quantity, b.cost_price
    FROM product_batches b
    JOIN changed c ON b.business_id = c.business_id AND b.product_id = c.id
    ORDER BY b.business_id, b.product_id, b.expiration_date NULLS LAST, b.id
    FOR UPDATE OF b
  ),
  versions AS (
    SELECT business_id, id, currency, cost_price, selling_price, 1 AS sign FROM new_rows WHERE archived_at IS NULL
    UNION ALL
    SELECT business_id, id, currency, cost_price, selling_price, -1 FROM old_rows WHERE archived_at IS NULL
  )
  INSERT INTO report_stock_values (business_id, currency, expiration_date, units, value_at_cost, value_at_retail)
  SELECT b.business_id, v.currency, b.expiration_date, sum(v.sign * b.quantity),
    sum(v.sign * b.quantity * coalesce(b.cost_price, v.cost_price)), sum(v.sign * b.quantity * v.selling_price)
  FROM batches b
  JOIN versions v ON v.business_id = b.business_id AND v.id = b.product_id
  GROUP BY b.business_id, v.currency, b.expiration_date
  HAVING sum(v.sign * b.quantity) <> 0 OR sum(v.sign * b.quantity * coalesce(b.cost_price, v.cost_price)) <> 0
    OR sum(v.sign * b.quantity * v.selling_price) <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Before the row goes (its batches still there, locked in takeStock's order). Skipped when the business
-- itself is being deleted: its rows here go with it, and an insert would refer to a deleted business.
CREATE FUNCTION report_stock_values_before_product_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.archived_at IS NULL AND EXISTS (SELECT 1 FROM businesses WHERE id = OLD.business_id) THEN
    INSERT INTO report_stock_values (business_id, currency, expiration_date, units, value_at_cost, value_at_retail)
    SELECT OLD.business_id, OLD.currency, b.expiration_date, -sum(b.quantity),
      -sum(b.quantity * coalesce(b.cost_price, OLD.cost_price)), -sum(b.quantity * OLD.selling_price)
    FROM (
      SELECT expiration_date, quantity, cost_price FROM product_batches
      WHERE business_id = OLD.business_id AND product_id = OLD.id
      ORDER BY expiration_date NULLS LAST, id
      FOR UPDATE
    ) AS b
    GROUP BY b.expiration_date
    HAVING sum(b.quantity) <> 0;
  END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_batches_stock_values_insert AFTER INSERT ON product_batches
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_stock_values_after_batch_insert();
--> statement-breakpoint
CREATE TRIGGER product_batches_stock_values_update AFTER UPDATE ON product_batches
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_stock_values_after_batch_update();
--> statement-breakpoint
CREATE TRIGGER product_batches_stock_values_delete AFTER DELETE ON product_batches
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_stock_values_after_batch_delete();
--> statement-breakpoint
CREATE TRIGGER products_stock_values_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_stock_values_after_product_update();
--> statement-breakpoint
CREATE TRIGGER products_stock_values_delete BEFORE DELETE ON products
  FOR EACH ROW EXECUTE FUNCTION report_stock_values_before_product_delete();
--> statement-breakpoint
-- A business's rows recounted from its batches (the backfill below; after a TRUNCATE, which no trigger sees).
CREATE FUNCTION report_stock_values_rebuild(ids bigint[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM report_stock_values WHERE business_id = ANY (ids);
  INSERT INTO report_stock_values (business_id, currency, expiration_date, units, value_at_cost, value_at_retail)
  SELECT b.business_id, p.currency, b.expiration_date, sum(b.quantity),
    sum(b.quantity * coalesce(b.cost_price, p.cost_price)), sum(b.quantity * p.selling_price)
  FROM product_batches b
  JOIN products p ON p.business_id = b.business_id AND p.id = b.product_id
  WHERE b.business_id = ANY (ids) AND p.archived_at IS NULL AND b.quantity <> 0
  GROUP BY b.business_id, p.currency, b.expiration_date;
$$;
--> statement-breakpoint
SELECT report_stock_values_rebuild(array(SELECT id FROM businesses));
--> statement-breakpoint
-- report_product_window (src/db/schema/report-totals.ts): report_product_days summed over the sellers and
-- the 30 Lagos days up to the business's anchor. Statement-level triggers on report_product_days keep it,
-- so every writer of those (the sale triggers of 0009, report_totals_rebuild, a cascade) keeps it too.
-- Each writer first takes the business's advisory lock (class 16016, the business id) in shared mode;
-- report_product_window_refresh takes it exclusively, so it waits for the writers in flight and the next
-- ones wait for it: a delta is either in the days it recounts or applied against its new anchor.
-- The shared lock lives in the lock manager, not on a row: sales of one business do not queue on it.
-- Rows are taken in key order, as in 0009 and 0012.
CREATE FUNCTION report_product_window_lock(ids bigint[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(16016, (b.id % 2147483647)::int)
  FROM (SELECT DISTINCT unnest(ids) AS id ORDER BY 1) AS b;
END $$;
--> statement-breakpoint
CREATE FUNCTION report_product_window_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_product_window_lock(array(SELECT business_id FROM new_rows));
  INSERT INTO report_product_window AS w (business_id, currency, product_id, lines, units, revenue)
  SELECT n.business_id, n.currency, n.product_id, sum(n.lines), sum(n.units), sum(n.revenue)
  FROM new_rows n
  JOIN report_product_window_anchors a ON a.business_id = n.business_id
  WHERE n.day BETWEEN a.anchor - 29 AND a.anchor
  GROUP BY n.business_id, n.currency, n.product_id
  ORDER BY n.business_id, n.currency, n.product_id
  ON CONFLICT (business_id, currency, product_id) DO UPDATE
    SET lines = w.lines + excluded.lines, units = w.units + excluded.units, revenue = w.revenue + excluded.revenue;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION report_product_window_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_product_window_lock(array(SELECT business_id FROM new_rows UNION SELECT business_id FROM old_rows));
  INSERT INTO report_product_window AS w (business_id, currency, product_id, lines, units, revenue)
  SELECT c.business_id, c.currency, c.product_id, sum(c.lines), sum(c.units), sum(c.revenue)
  FROM (
    SELECT business_id, day, currency, product_id, lines, units, revenue FROM new_rows
    UNION ALL
    SELECT business_id, day, currency, product_id, -lines, -units, -revenue FROM old_rows
  ) AS c
  JOIN report_product_window_anchors a ON a.business_id = c.business_id
  WHERE c.day BETWEEN a.anchor - 29 AND a.anchor
  GROUP BY c.business_id, c.currency, c.product_id
  HAVING sum(c.lines) <> 0 OR sum(c.units) <> 0 OR sum(c.revenue) <> 0
  ORDER BY c.business_id, c.currency, c.product_id
  ON CONFLICT (business_id, currency, product_id) DO UPDATE
    SET lines = w.lines + excluded.lines, units = w.units + excluded.units, revenue = w.revenue + excluded.revenue;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Only an UPDATE: when the business itself is being deleted, its rows here are already gone (a cascade).
CREATE FUNCTION report_product_window_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_product_window_lock(array(SELECT business_id FROM old_rows));
  UPDATE report_product_window AS w
  SET lines = w.lines - d.lines, units = w.units - d.units, revenue = w.revenue - d.revenue
  FROM (
    SELECT o.business_id, o.currency, o.product_id, sum(o.lines) AS lines, sum(o.units) AS units,
      sum(o.revenue) AS revenue
    FROM old_rows o
    JOIN report_product_window_anchors a ON a.business_id = o.business_id
    WHERE o.day BETWEEN a.anchor - 29 AND a.anchor
    GROUP BY o.business_id, o.currency, o.product_id
    ORDER BY o.business_id, o.currency, o.product_id
  ) AS d
  WHERE w.business_id = d.business_id AND w.currency = d.currency AND w.product_id = d.product_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_product_days_window_insert AFTER INSERT ON report_product_days
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_product_window_after_insert();
--> statement-breakpoint
CREATE TRIGGER report_product_days_window_update AFTER UPDATE ON report_product_days
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_product_window_after_update();
--> statement-breakpoint
CREATE TRIGGER report_product_days_window_delete AFTER DELETE ON report_product_days
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_product_window_after_delete();
--> statement-breakpoint
-- The window moved to `today`, unless it is there already (or ahead: a clock set back). One statement, in
-- its own transaction: the exclusive lock waits for the writers in flight, and what follows reads with a
-- snapshot taken after it (READ COMMITTED), so it sees all they wrote. A window behind by less than its
-- length slides: the days it gains added, the days it loses taken off (a day's rows, about 2,500 on the
-- load data, instead of recounting 74,600), then the products back at zero dropped; otherwise it is
-- recounted.
CREATE FUNCTION report_product_window_refresh(business bigint, today date) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  was date;
BEGIN
  PERFORM pg_advisory_xact_lock(16016, (business % 2147483647)::int);
  SELECT anchor INTO was FROM report_product_window_anchors WHERE business_id = business;
  IF was >= today THEN
    RETURN;
  END IF;
  IF was IS NULL OR was <= today - 30 THEN
    DELETE FROM report_product_window WHERE business_id = business;
    INSERT INTO report_product_window (business_id, currency, product_id, lines, units, revenue)
    SELECT business_id, currency, product_id, sum(lines), sum(units), sum(revenue)
    FROM report_product_days
    WHERE business_id = business AND day BETWEEN today - 29 AND today
    GROUP BY business_id, currency, product_id
    HAVING sum(lines) <> 0 OR sum(units) <> 0 OR sum(revenue) <> 0;
  ELSE
    INSERT INTO report_product_window AS w (business_id, currency, product_id, lines, units, revenue)
    SELECT business_id, currency, product_id, sum(lines), sum(units), sum(revenue)
    FROM (
      SELECT business_id, currency, product_id, lines, units, revenue FROM report_product_days
      WHERE business_id = business AND day > was AND day <= today
      UNION ALL
      SELECT business_id, currency, product_id, -lines, -units, -revenue FROM report_product_days
      WHERE business_id = business AND day >= was - 29 AND day < today - 29
    ) AS c
    GROUP BY business_id, currency, product_id
    HAVING sum(lines) <> 0 OR sum(units) <> 0 OR sum(revenue) <> 0
    ORDER BY business_id, currency, product_id
    ON CONFLICT (business_id, currency, product_id) DO UPDATE
      SET lines = w.lines + excluded.lines, units = w.units + excluded.units, revenue = w.revenue + excluded.revenue;
    DELETE FROM report_product_window WHERE business_id = business AND lines = 0;
  END IF;
  INSERT INTO report_product_window_anchors (business_id, anchor) VALUES (business, today)
  ON CONFLICT (business_id) DO UPDATE SET anchor = excluded.anchor;
END $$;
--> statement-breakpoint
-- Every business's window anchored today (the load data's largest business: 70,000 products, a few seconds).
SELECT report_product_window_refresh(id, (now() AT TIME ZONE 'Africa/Lagos')::date) FROM businesses ORDER BY id;
