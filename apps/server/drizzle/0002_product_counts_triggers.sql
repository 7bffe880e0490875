-- product_counts.live_products is the number of live (not archived) products of a business, kept in the
-- same transaction as every change of products, whatever makes it (a use case, a cascade, a bulk load).
-- Statement-level triggers with transition tables: one counter update per statement, not per row.
CREATE FUNCTION product_counts_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_counts AS c (business_id, live_products)
  SELECT business_id, count(*) FROM new_rows WHERE archived_at IS NULL GROUP BY business_id
  ON CONFLICT (business_id) DO UPDATE SET live_products = c.live_products + excluded.live_products;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Only an UPDATE here: when the business itself is being deleted, its counter row is already gone.
CREATE FUNCTION product_counts_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_counts AS c SET live_products = c.live_products - d.n
  FROM (SELECT business_id, count(*) AS n FROM old_rows WHERE archived_at IS NULL GROUP BY business_id) AS d
  WHERE c.business_id = d.business_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Archiving (or restoring) moves a product out of (or into) the count; other updates leave the counter untouched.
CREATE FUNCTION product_counts_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_counts AS c SET live_products = c.live_products + d.n
  FROM (
    SELECT business_id, sum(n) AS n FROM (
      SELECT business_id, count(*) AS n FROM new_rows WHERE archived_at IS NULL GROUP BY business_id
      UNION ALL
      SELECT business_id, -count(*) FROM old_rows WHERE archived_at IS NULL GROUP BY business_id
    ) AS changes GROUP BY business_id
  ) AS d
  WHERE c.business_id = d.business_id AND d.n <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_count_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_counts_after_insert();
--> statement-breakpoint
CREATE TRIGGER products_count_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION product_counts_after_delete();
--> statement-breakpoint
CREATE TRIGGER products_count_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_counts_after_update();
