-- product_counts.search_version (src/db/schema/stock.ts): raised in the same transaction as every write of
-- product_search, whatever makes it (the triggers on products, the foreign key's cascade, a bulk load), so
-- that a search's matches kept with the version they were read at are exact while it holds
-- (modules/stock/search-matches.ts). Statement-level triggers: one raise per business per statement, not
-- per row. A version only ever grows, so a kept version never comes back after a change.
ALTER TABLE "product_counts" ADD COLUMN "search_version" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- Inserts make the business's row if it has none yet (products' own counter trigger adds its count to it
-- after). Updates and deletes only raise a row that is there: when the business itself is being deleted,
-- its row is already gone (as product_counts_after_delete says).
CREATE FUNCTION product_search_version_raise() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO product_counts AS c (business_id, search_version)
    SELECT DISTINCT business_id, 1 FROM changed_rows
    ON CONFLICT (business_id) DO UPDATE SET search_version = c.search_version + 1;
  ELSE
    UPDATE product_counts AS c SET search_version = c.search_version + 1
    WHERE c.business_id IN (SELECT DISTINCT business_id FROM changed_rows);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A trigger with transition tables has one event, so three. A product's business_id never changes, so an
-- update's new rows name every business it touched.
CREATE TRIGGER product_search_version_insert AFTER INSERT ON product_search
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION product_search_version_raise();
--> statement-breakpoint
CREATE TRIGGER product_search_version_update AFTER UPDATE ON product_search
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION product_search_version_raise();
--> statement-breakpoint
CREATE TRIGGER product_search_version_delete AFTER DELETE ON product_search
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION product_search_version_raise();
