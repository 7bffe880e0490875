CREATE TABLE "product_counts" (
	"business_id" bigint PRIMARY KEY NOT NULL,
	"live_products" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_counts_live_check" CHECK ("product_counts"."live_products" >= 0)
);
--> statement-breakpoint
DROP INDEX "products_business_created_idx";--> statement-breakpoint
ALTER TABLE "product_counts" ADD CONSTRAINT "product_counts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_batches_stocked_idx" ON "product_batches" USING btree ("business_id","product_id","expiration_date") WHERE "product_batches"."quantity" > 0;--> statement-breakpoint
CREATE INDEX "product_batches_expiring_idx" ON "product_batches" USING btree ("business_id","expiration_date","product_id") WHERE "product_batches"."quantity" > 0 and "product_batches"."expiration_date" is not null;--> statement-breakpoint
CREATE INDEX "products_live_created_idx" ON "products" USING btree ("business_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "products"."archived_at" is null;