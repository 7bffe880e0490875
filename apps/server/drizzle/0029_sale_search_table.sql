-- sale_search (src/db/schema/sales.ts): one row per sale with its customer's and its lines' names, lowered and
-- joined by newlines, that the sales list's search reads instead of the union of sales and sale_lines
-- (modules/sales/list-sales.ts, searchedStatement). Filled before its index and foreign key are made, as 0024
-- filled product_search.
CREATE TABLE "sale_search" (
	"business_id" bigint NOT NULL,
	"sale_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"names" text NOT NULL,
	CONSTRAINT "sale_search_business_id_sale_id_pk" PRIMARY KEY("business_id","sale_id")
);
--> statement-breakpoint
INSERT INTO "sale_search" ("business_id", "sale_id", "created_at", "names")
SELECT s."business_id", s."id", s."created_at", lower(s."customer_name") || coalesce(l."names", '')
FROM "sales" s
LEFT JOIN (
  SELECT "business_id", "sale_id", string_agg(E'\n' || lower("product_name"), '' ORDER BY "id") AS "names"
  FROM "sale_lines" GROUP BY "business_id", "sale_id"
) l ON l."business_id" = s."business_id" AND l."sale_id" = s."id";
--> statement-breakpoint
-- The search no longer reads the lines' names: their trigram index was written with every line of every sale
-- for nothing. sale_search's one index entry set per sale replaces it.
DROP INDEX "sale_lines_business_name_trgm_idx";--> statement-breakpoint
ALTER TABLE "sale_search" ADD CONSTRAINT "sale_search_business_id_sale_id_sales_business_id_id_fk" FOREIGN KEY ("business_id","sale_id") REFERENCES "public"."sales"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sale_search_names_trgm_idx" ON "sale_search" USING gin ("business_id","names" gin_trgm_ops);--> statement-breakpoint
ANALYZE "sale_search";--> statement-breakpoint
-- A sale's row as its sale and lines are now, for each (business, sale) given that still has a sale. Every
-- trigger below writes the row this way, so that it is the same whichever of the sale's and its lines'
-- triggers runs last: a sale and its lines are written in one statement (modules/sales/confirm-sale.ts), and
-- the order in which the two tables' statement triggers then fire is not one to rely on; the second finds the
-- row as it would write it and writes nothing. A sale's deletion removes its row by the foreign key.
CREATE FUNCTION sale_search_refresh(business_ids bigint[], sale_ids bigint[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sale_search AS t (business_id, sale_id, created_at, names)
  SELECT s.business_id, s.id, s.created_at, lower(s.customer_name) || coalesce((
      SELECT string_agg(E'\n' || lower(l.product_name), '' ORDER BY l.id) FROM sale_lines l
      WHERE l.business_id = s.business_id AND l.sale_id = s.id), '')
  FROM (SELECT DISTINCT k.business_id, k.sale_id FROM unnest(business_ids, sale_ids) AS k(business_id, sale_id)) k
  JOIN sales s ON s.business_id = k.business_id AND s.id = k.sale_id
  ON CONFLICT (business_id, sale_id) DO UPDATE SET created_at = excluded.created_at, names = excluded.names
    WHERE (t.created_at, t.names) IS DISTINCT FROM (excluded.created_at, excluded.names);
END $$;
--> statement-breakpoint
-- Inserts of sales and of lines, every sale's path: one statement-level trigger each, whose one INSERT is
-- sale_search_refresh's written out over the transition table. Through the function, with the keys gathered
-- into arrays, the two cost 0.27 and 0.23 ms a sale; written out, 0.09-0.12 and 0.06-0.07 ms (EXPLAIN ANALYZE
-- of a sale's statement of one line, the load data, the mean of the last six of twelve runs in a session).
CREATE FUNCTION sale_search_after_sales_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sale_search AS t (business_id, sale_id, created_at, names)
  SELECT n.business_id, n.id, n.created_at, lower(n.customer_name) || coalesce((
      SELECT string_agg(E'\n' || lower(l.product_name), '' ORDER BY l.id) FROM sale_lines l
      WHERE l.business_id = n.business_id AND l.sale_id = n.id), '')
  FROM changed_rows n
  ON CONFLICT (business_id, sale_id) DO UPDATE SET created_at = excluded.created_at, names = excluded.names
    WHERE (t.created_at, t.names) IS DISTINCT FROM (excluded.created_at, excluded.names);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION sale_search_after_lines_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sale_search AS t (business_id, sale_id, created_at, names)
  SELECT s.business_id, s.id, s.created_at, lower(s.customer_name) || coalesce((
      SELECT string_agg(E'\n' || lower(l.product_name), '' ORDER BY l.id) FROM sale_lines l
      WHERE l.business_id = s.business_id AND l.sale_id = s.id), '')
  FROM (SELECT DISTINCT business_id, sale_id FROM changed_rows) k
  JOIN sales s ON s.business_id = k.business_id AND s.id = k.sale_id
  ON CONFLICT (business_id, sale_id) DO UPDATE SET created_at = excluded.created_at, names = excluded.names
    WHERE (t.created_at, t.names) IS DISTINCT FROM (excluded.created_at, excluded.names);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sale_search_sales_insert AFTER INSERT ON sales
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION sale_search_after_sales_insert();
--> statement-breakpoint
CREATE TRIGGER sale_search_lines_insert AFTER INSERT ON sale_lines
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION sale_search_after_lines_insert();
--> statement-breakpoint
-- Deletes of lines (none but a sale's or a business's own cascade, where the sale is gone too, and a hand's).
CREATE FUNCTION sale_search_after_lines_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM sale_search_refresh(array_agg(business_id), array_agg(sale_id)) FROM changed_rows;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sale_search_lines_delete AFTER DELETE ON sale_lines
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION sale_search_after_lines_delete();
--> statement-breakpoint
-- Updates: row-level triggers limited to the columns the row is made of, because PostgreSQL allows no
-- transition tables on a trigger with a column list, and the WHEN clause leaves every other update (a
-- payment's amounts and status, a cancellation) without a call. A line is a snapshot, never rewritten by the
-- app, but a line moved or renamed by hand refreshes both sales it touched. A sale's and a line's business_id
-- and id never change.
CREATE FUNCTION sale_search_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'sales' THEN
    PERFORM sale_search_refresh(ARRAY[NEW.business_id], ARRAY[NEW.id]);
  ELSE
    PERFORM sale_search_refresh(ARRAY[OLD.business_id, NEW.business_id], ARRAY[OLD.sale_id, NEW.sale_id]);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sale_search_sales_update AFTER UPDATE OF customer_name, created_at ON sales
  FOR EACH ROW
  WHEN (OLD.customer_name IS DISTINCT FROM NEW.customer_name OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION sale_search_after_update();
--> statement-breakpoint
CREATE TRIGGER sale_search_lines_update AFTER UPDATE OF product_name, sale_id ON sale_lines
  FOR EACH ROW
  WHEN (OLD.product_name IS DISTINCT FROM NEW.product_name OR OLD.sale_id IS DISTINCT FROM NEW.sale_id)
  EXECUTE FUNCTION sale_search_after_update();
