CREATE TABLE "product_packs" (
	"business_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "product_packs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"product_id" bigint NOT NULL,
	"name" text NOT NULL,
	"units" integer NOT NULL,
	"selling_price" numeric(14, 2) NOT NULL,
	"wholesale_price" numeric(14, 2),
	"barcode" text,
	CONSTRAINT "product_packs_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "product_packs_units_check" CHECK ("product_packs"."units" >= 2),
	CONSTRAINT "product_packs_prices_check" CHECK ("product_packs"."selling_price" > 0 and ("product_packs"."wholesale_price" is null or "product_packs"."wholesale_price" >= 0))
);
--> statement-breakpoint
ALTER TABLE "sale_lines" ADD COLUMN "pack_id" bigint;--> statement-breakpoint
ALTER TABLE "sale_lines" ADD COLUMN "pack_name" text;--> statement-breakpoint
ALTER TABLE "sale_lines" ADD COLUMN "pack_units" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "base_unit" text DEFAULT 'piece' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_packs" ADD CONSTRAINT "product_packs_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_packs" ADD CONSTRAINT "product_packs_business_id_product_id_products_business_id_id_fk" FOREIGN KEY ("business_id","product_id") REFERENCES "public"."products"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_packs_name_key" ON "product_packs" USING btree ("business_id","product_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "product_packs_barcode_key" ON "product_packs" USING btree ("business_id",lower("barcode")) WHERE "product_packs"."barcode" is not null;--> statement-breakpoint
ALTER TABLE "sale_lines" ADD CONSTRAINT "sale_lines_pack_check" CHECK ("sale_lines"."pack_units" is null or "sale_lines"."pack_units" >= 2);--> statement-breakpoint
-- A product's packs are part of what the phones' copies hold (ADR 0030): any write of them touches the product's
-- product_stock row, whose version trigger (migration 0039) moves the product's version. The pack's writer holds the
-- product's row already (an edit, a create), so this takes no lock in a new order.
CREATE FUNCTION catalogue_pack_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed product_packs;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  UPDATE product_stock s SET version = catalogue_version()
  WHERE s.business_id = changed.business_id AND s.product_id = changed.product_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_packs_catalogue_version AFTER INSERT OR UPDATE OR DELETE ON product_packs
  FOR EACH ROW EXECUTE FUNCTION catalogue_pack_changed();
--> statement-breakpoint
-- The base unit is held by the copy too: migration 0039's function with it added.
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
      OR o.currency IS DISTINCT FROM n.currency OR o.base_unit IS DISTINCT FROM n.base_unit);
  RETURN NULL;
END $$;
