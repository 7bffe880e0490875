-- The product search rechecks each trigram candidate on its row: stored lowered columns spare it a lower()
-- per row (list-products.ts, searchedPage). The old indexes go first, so the table's rewrite that adding
-- the columns makes (one ALTER, one rewrite) does not rebuild them: the ILIKE indexes, unused since 0019,
-- and the lower() expression indexes, replaced by the same names on the columns.
DROP INDEX "products_business_name_trgm_idx";--> statement-breakpoint
DROP INDEX "products_business_sku_trgm_idx";--> statement-breakpoint
DROP INDEX "products_business_name_lower_trgm_idx";--> statement-breakpoint
DROP INDEX "products_business_sku_lower_trgm_idx";--> statement-breakpoint
ALTER TABLE "products"
  ADD COLUMN "product_name_lower" text GENERATED ALWAYS AS (lower("products"."product_name")) STORED NOT NULL,
  ADD COLUMN "sku_lower" text GENERATED ALWAYS AS (lower("products"."sku")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "products_business_name_lower_trgm_idx" ON "products" USING gin ("business_id","product_name_lower" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_business_sku_lower_trgm_idx" ON "products" USING gin ("business_id","sku_lower" gin_trgm_ops);
