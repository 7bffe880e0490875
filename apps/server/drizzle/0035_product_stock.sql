CREATE TABLE "product_stock" (
	"business_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"as_of" date NOT NULL,
	"sellable" bigint NOT NULL,
	"drops_on" date,
	"live" boolean NOT NULL,
	"reorder_level" integer,
	"product_name" text NOT NULL,
	CONSTRAINT "product_stock_business_id_product_id_pk" PRIMARY KEY("business_id","product_id"),
	CONSTRAINT "product_stock_sellable_check" CHECK ("product_stock"."sellable" >= 0)
);
--> statement-breakpoint
ALTER TABLE "product_stock" ADD CONSTRAINT "product_stock_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_stock" ADD CONSTRAINT "product_stock_business_id_product_id_products_business_id_id_fk" FOREIGN KEY ("business_id","product_id") REFERENCES "public"."products"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_stock_shortfall_idx" ON "product_stock" USING btree ("business_id",("sellable" - "reorder_level"),"product_name","product_id") WHERE "product_stock"."live" and "product_stock"."reorder_level" is not null;--> statement-breakpoint
CREATE INDEX "product_stock_drops_idx" ON "product_stock" USING btree ("business_id","drops_on");--> statement-breakpoint
-- product_stock (src/db/schema/stock.ts): each product's units sellable as of the row's own Lagos day (as_of),
-- the first expiry that may end some of them (drops_on, only ever lowered by writers), and the product's
-- liveness, reorder level and name, kept by the triggers below in the writer's transaction whoever writes (the
-- ledger, the product's own use cases, a cascade, a bulk load). The low stock reads it (stock-figures.ts).
--
-- Concurrency (READ COMMITTED): writers add their batches' units SQL-side, counted against the row's own
-- as_of in the same UPDATE, so writers of one product commute whatever their order, and a row refreshed
-- meanwhile (as_of moved, the units recounted) is seen by the UPDATE when it meets the row's lock (PostgreSQL
-- re-evaluates the SET with the row's new version). The refresh locks its rows first and recounts them in a
-- later statement, so a writer's batch is counted either there (committed before) or by the writer's own
-- trigger after it (which then waits on the row's lock). A sale takes its batches, then this row, then the
-- report totals (ADR 0006's order, with this row after the batches).
CREATE FUNCTION product_stock_today() RETURNS date LANGUAGE sql STABLE AS $$
  SELECT (now() AT TIME ZONE 'Africa/Lagos')::date
$$;
--> statement-breakpoint
-- A batch's units sellable as of `day`, and its expiry if it may end them.
CREATE FUNCTION product_stock_counts(quantity integer, expiration_date date, day date) RETURNS bigint
  LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN expiration_date IS NULL OR expiration_date >= day THEN quantity ELSE 0 END::bigint
$$;
--> statement-breakpoint
-- A product's batches changed by one statement, as arrays of their expiry dates and (signed) units: the units that
-- count as of `day`, and the first expiry on or after `day` among them.
CREATE FUNCTION product_stock_units(expiries date[], units integer[], day date) RETURNS bigint
  LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(sum(product_stock_counts(x.units, x.expiry, day)), 0) FROM unnest(expiries, units) AS x(expiry, units)
$$;
--> statement-breakpoint
CREATE FUNCTION product_stock_first_expiry(expiries date[], day date) RETURNS date LANGUAGE sql IMMUTABLE AS $$
  SELECT min(x.expiry) FROM unnest(expiries) AS x(expiry) WHERE x.expiry >= day
$$;
--> statement-breakpoint
CREATE FUNCTION product_stock_after_product_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_stock AS s (business_id, product_id, as_of, sellable, drops_on, live, reorder_level, product_name)
  SELECT p.business_id, p.id, product_stock_today(), 0, NULL, p.archived_at IS NULL, p.reorder_level, p.product_name
  FROM new_rows p
  ON CONFLICT (business_id, product_id) DO UPDATE
    SET live = excluded.live, reorder_level = excluded.reorder_level, product_name = excluded.product_name;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION product_stock_after_product_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_stock
    SET live = NEW.archived_at IS NULL, reorder_level = NEW.reorder_level, product_name = NEW.product_name
  WHERE business_id = NEW.business_id AND product_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Each trigger below gathers its statement's batches per product into arrays (their expiry dates and signed units:
-- the new rows' quantities, minus the old rows'), joins them to the product's row by key, and counts them in the
-- SET against the row's own as_of: under a concurrent refresh PostgreSQL re-evaluates the SET on the row's new
-- version, and the arrays go with the joined row. (A subquery over the transition table from each row's SET
-- read the whole table once per row: 200,000 batches inserted in one statement, as the bench's generator does,
-- never finished.)
--
-- Batches inserted: a product's row may not be there yet when its product is inserted by the same statement (the
-- two tables' statement triggers fire in no order to rely on), so it is made first, empty, then added to.
CREATE FUNCTION product_stock_after_batch_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_stock (business_id, product_id, as_of, sellable, drops_on, live, reorder_level, product_name)
  SELECT p.business_id, p.id, product_stock_today(), 0, NULL, p.archived_at IS NULL, p.reorder_level, p.product_name
  FROM products p
  WHERE (p.business_id, p.id) IN (SELECT business_id, product_id FROM new_rows)
  ON CONFLICT (business_id, product_id) DO NOTHING;
  UPDATE product_stock s
    SET sellable = s.sellable + product_stock_units(c.expiries, c.units, s.as_of),
      drops_on = least(s.drops_on, product_stock_first_expiry(c.stocked, s.as_of))
  FROM (
    SELECT business_id, product_id, array_agg(expiration_date) AS expiries, array_agg(quantity) AS units,
      array_agg(expiration_date) FILTER (WHERE quantity > 0) AS stocked
    FROM new_rows GROUP BY business_id, product_id
  ) c
  WHERE s.business_id = c.business_id AND s.product_id = c.product_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION product_stock_after_batch_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_stock s
    SET sellable = s.sellable + product_stock_units(c.expiries, c.units, s.as_of),
      drops_on = least(s.drops_on, product_stock_first_expiry(c.stocked, s.as_of))
  FROM (
    SELECT business_id, product_id, array_agg(expiration_date) AS expiries, array_agg(units) AS units,
      array_agg(expiration_date) FILTER (WHERE stocked) AS stocked
    FROM (
      SELECT business_id, product_id, expiration_date, quantity AS units, quantity > 0 AS stocked FROM new_rows
      UNION ALL
      SELECT business_id, product_id, expiration_date, -quantity, false FROM old_rows
    ) changed
    GROUP BY business_id, product_id
  ) c
  WHERE s.business_id = c.business_id AND s.product_id = c.product_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Batches deleted: by hand, or with their product (whose row goes by the foreign key; nothing left to update).
CREATE FUNCTION product_stock_after_batch_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_stock s
    SET sellable = s.sellable - product_stock_units(c.expiries, c.units, s.as_of)
  FROM (
    SELECT business_id, product_id, array_agg(expiration_date) AS expiries, array_agg(quantity) AS units
    FROM old_rows GROUP BY business_id, product_id
  ) c
  WHERE s.business_id = c.business_id AND s.product_id = c.product_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_stock_product_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_stock_after_product_insert();
--> statement-breakpoint
CREATE TRIGGER product_stock_product_update AFTER UPDATE OF archived_at, reorder_level, product_name ON products
  FOR EACH ROW
  WHEN ((OLD.archived_at IS NULL) <> (NEW.archived_at IS NULL) OR OLD.reorder_level IS DISTINCT FROM NEW.reorder_level
    OR OLD.product_name IS DISTINCT FROM NEW.product_name)
  EXECUTE FUNCTION product_stock_after_product_update();
--> statement-breakpoint
CREATE TRIGGER product_stock_batch_insert AFTER INSERT ON product_batches
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_stock_after_batch_insert();
--> statement-breakpoint
CREATE TRIGGER product_stock_batch_update AFTER UPDATE ON product_batches
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_stock_after_batch_update();
--> statement-breakpoint
CREATE TRIGGER product_stock_batch_delete AFTER DELETE ON product_batches
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION product_stock_after_batch_delete();
--> statement-breakpoint
-- A product's units sellable as of `day`, and the first expiry on or after `day` among its stocked batches, counted
-- from its batches: a row as the backfill below and the refresh count it.
CREATE FUNCTION product_stock_recount(business bigint, product bigint, day date, OUT sellable bigint, OUT drops_on date)
  LANGUAGE sql STABLE AS $$
  SELECT coalesce(sum(product_stock_counts(b.quantity, b.expiration_date, day)), 0),
    min(b.expiration_date) FILTER (WHERE b.expiration_date >= day)
  FROM product_batches b
  WHERE b.business_id = business AND b.product_id = product AND b.quantity > 0
$$;
--> statement-breakpoint
-- The stale rows of a business (drops_on before `day`) recounted as of `day`: locked first, in key order, then
-- counted by a later statement, whose snapshot holds every batch written by a writer that held one of them.
CREATE FUNCTION product_stock_refresh(business bigint, day date) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM product_stock WHERE business_id = business AND drops_on < day ORDER BY product_id FOR UPDATE;
  UPDATE product_stock s
    SET as_of = day, (sellable, drops_on) = (SELECT r.sellable, r.drops_on FROM product_stock_recount(s.business_id, s.product_id, day) r)
  WHERE s.business_id = business AND s.drops_on < day;
END $$;
--> statement-breakpoint
-- Every product's row, counted as of today.
INSERT INTO product_stock (business_id, product_id, as_of, sellable, drops_on, live, reorder_level, product_name)
SELECT p.business_id, p.id, product_stock_today(), r.sellable, r.drops_on, p.archived_at IS NULL, p.reorder_level,
  p.product_name
FROM products p
CROSS JOIN LATERAL product_stock_recount(p.business_id, p.id, product_stock_today()) r;
--> statement-breakpoint
ANALYZE product_stock;
