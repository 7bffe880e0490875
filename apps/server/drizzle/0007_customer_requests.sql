ALTER TABLE "carts" ADD COLUMN "is_customer_request" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "carts_customer_idx" ON "carts" USING btree ("business_id","customer_id");