-- Barcodes (products.barcode): unique among a business's live products whatever the case, as the SKU is, so a scan
-- finds one product. Searched as the SKU is: product_search keeps it lowered beside the SKU, with its own trigram
-- index, so that no pattern matches across the two (list-products.ts).
ALTER TABLE "products" ADD COLUMN "barcode" text;--> statement-breakpoint
CREATE UNIQUE INDEX "products_business_barcode_key" ON "products" USING btree ("business_id",lower("barcode")) WHERE "products"."archived_at" is null and "products"."barcode" is not null;--> statement-breakpoint
ALTER TABLE "product_search" ADD COLUMN "barcode_lower" text;--> statement-breakpoint
CREATE INDEX "product_search_barcode_trgm_idx" ON "product_search" USING gin ("business_id","barcode_lower" gin_trgm_ops);--> statement-breakpoint
-- product_search's triggers (migration 0024) as they were, with the barcode.
CREATE OR REPLACE FUNCTION product_search_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_search (business_id, product_id, created_at, name_lower, sku_lower, barcode_lower)
  SELECT business_id, id, created_at, lower(product_name), lower(sku), lower(barcode) FROM new_rows WHERE archived_at IS NULL;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_search_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.archived_at IS NULL THEN
    INSERT INTO product_search (business_id, product_id, created_at, name_lower, sku_lower, barcode_lower)
    VALUES (NEW.business_id, NEW.id, NEW.created_at, lower(NEW.product_name), lower(NEW.sku), lower(NEW.barcode))
    ON CONFLICT (business_id, product_id) DO UPDATE
      SET created_at = excluded.created_at, name_lower = excluded.name_lower, sku_lower = excluded.sku_lower,
        barcode_lower = excluded.barcode_lower;
  ELSE
    DELETE FROM product_search WHERE business_id = OLD.business_id AND product_id = OLD.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER product_search_update ON products;--> statement-breakpoint
CREATE TRIGGER product_search_update AFTER UPDATE OF product_name, sku, barcode, archived_at, created_at ON products
  FOR EACH ROW
  WHEN (OLD.product_name IS DISTINCT FROM NEW.product_name OR OLD.sku IS DISTINCT FROM NEW.sku
    OR OLD.barcode IS DISTINCT FROM NEW.barcode
    OR (OLD.archived_at IS NULL) <> (NEW.archived_at IS NULL) OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION product_search_after_update();
--> statement-breakpoint
-- The catalogue copy's versions (modules/catalogue, ADR 0014). A version is the id of the transaction that wrote
-- (pg_current_xact_id). Invariant, enforced here: every change of what a device's copy holds of a product writes
-- its product_stock row in the changing transaction, and every write of that row sets its version to that
-- transaction's id (product_stock_version below, the one place a version is set). The row is already written by
-- every change of the product's batches (migration 0035's triggers: a receipt, a sale, an adjustment, a delete),
-- of its name and liveness (archive, restore), and by the refresh when a batch expires; products_stock_version_update
-- writes it for every other field the copy holds. A product deleted outright leaves a row in catalogue_removals
-- with the deleting transaction's id. A reader answers the rows with a version below its snapshot's xmin, the
-- oldest transaction still running, all of which have ended: so no row can later appear below what it answered.
CREATE FUNCTION catalogue_version() RETURNS bigint LANGUAGE sql VOLATILE AS $$
  SELECT pg_current_xact_id()::text::bigint
$$;
--> statement-breakpoint
-- The rows there are now carry the migration's own id: changed before any copy was taken.
ALTER TABLE "product_stock" ADD COLUMN "version" bigint DEFAULT catalogue_version() NOT NULL;--> statement-breakpoint
ALTER TABLE "product_stock" ALTER COLUMN "version" DROP DEFAULT;--> statement-breakpoint
CREATE INDEX "product_stock_version_idx" ON "product_stock" USING btree ("business_id","version","product_id");--> statement-breakpoint
CREATE FUNCTION product_stock_version_set() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.version := catalogue_version();
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_stock_version BEFORE INSERT OR UPDATE ON product_stock
  FOR EACH ROW EXECUTE FUNCTION product_stock_version_set();
--> statement-breakpoint
-- The fields the copy holds that migration 0035's product trigger does not copy into product_stock: a touch of the
-- row, whose version the trigger above sets. A product's row is written after its own (as the name's is), never
-- before: the order a sale, a receipt and an edit already take.
CREATE FUNCTION catalogue_product_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_stock s SET version = catalogue_version()
  FROM new_rows n JOIN old_rows o ON o.business_id = n.business_id AND o.id = n.id
  WHERE s.business_id = n.business_id AND s.product_id = n.id
    AND (o.sku IS DISTINCT FROM n.sku OR o.barcode IS DISTINCT FROM n.barcode
      OR o.cost_price IS DISTINCT FROM n.cost_price OR o.selling_price IS DISTINCT FROM n.selling_price
      OR o.selling_price_discount_percentage IS DISTINCT FROM n.selling_price_discount_percentage
      OR o.wholesale_price IS DISTINCT FROM n.wholesale_price
      OR o.wholesale_price_discount_percentage IS DISTINCT FROM n.wholesale_price_discount_percentage
      OR o.currency IS DISTINCT FROM n.currency);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A statement trigger, like products_stock_values_update, and named to fire after it (triggers of one kind fire in
-- the order of their names; row triggers before statement triggers): a price change then takes the report's stock
-- values before product_stock, the order in which a sale's batch triggers take them (product_batches_stock_values_*
-- before product_stock_batch_*). The other order deadlocked a sale against a price change.
CREATE TRIGGER products_stock_version_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_product_changed();
--> statement-breakpoint
CREATE TABLE "catalogue_removals" (
	"business_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"version" bigint NOT NULL,
	CONSTRAINT "catalogue_removals_business_id_product_id_pk" PRIMARY KEY("business_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "catalogue_removals" ADD CONSTRAINT "catalogue_removals_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalogue_removals_version_idx" ON "catalogue_removals" USING btree ("business_id","version","product_id");--> statement-breakpoint
-- A product deleted outright: one row per product, unless its business is being deleted with it (the business's row
-- is gone already, and so is every copy of its catalogue).
CREATE FUNCTION catalogue_product_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalogue_removals (business_id, product_id, version)
  SELECT o.business_id, o.id, catalogue_version() FROM old_rows o
  WHERE EXISTS (SELECT 1 FROM businesses b WHERE b.id = o.business_id)
  ON CONFLICT (business_id, product_id) DO UPDATE SET version = excluded.version;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER catalogue_product_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_product_deleted();
