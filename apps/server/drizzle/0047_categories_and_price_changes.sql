CREATE TABLE "product_categories" (
	"business_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "product_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_categories_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "product_price_changes" (
	"business_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "product_price_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"product_id" bigint NOT NULL,
	"old_selling_price" numeric(14, 2) NOT NULL,
	"new_selling_price" numeric(14, 2) NOT NULL,
	"old_wholesale_price" numeric(14, 2),
	"new_wholesale_price" numeric(14, 2),
	"repricing_id" bigint,
	"is_undo" boolean DEFAULT false NOT NULL,
	"user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_price_changes_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "repricings" (
	"business_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "repricings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"method" text NOT NULL,
	"direction" text NOT NULL,
	"value" numeric(14, 2) NOT NULL,
	"round_to" integer,
	"search" text,
	"category_id" bigint,
	"product_count" integer NOT NULL,
	"user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone,
	"undone_by" bigint,
	CONSTRAINT "repricings_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "repricings_method_check" CHECK ("repricings"."method" in ('percent', 'amount')),
	CONSTRAINT "repricings_direction_check" CHECK ("repricings"."direction" in ('raise', 'lower')),
	CONSTRAINT "repricings_value_check" CHECK ("repricings"."value" > 0),
	CONSTRAINT "repricings_round_to_check" CHECK ("repricings"."round_to" is null or "repricings"."round_to" in (5, 10, 50, 100))
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "category_id" bigint;--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_price_changes" ADD CONSTRAINT "product_price_changes_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_price_changes" ADD CONSTRAINT "product_price_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_price_changes" ADD CONSTRAINT "product_price_changes_business_id_product_id_products_business_id_id_fk" FOREIGN KEY ("business_id","product_id") REFERENCES "public"."products"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_price_changes" ADD CONSTRAINT "product_price_changes_business_id_repricing_id_repricings_business_id_id_fk" FOREIGN KEY ("business_id","repricing_id") REFERENCES "public"."repricings"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repricings" ADD CONSTRAINT "repricings_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repricings" ADD CONSTRAINT "repricings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repricings" ADD CONSTRAINT "repricings_undone_by_users_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_categories_name_key" ON "product_categories" USING btree ("business_id",lower("name"));--> statement-breakpoint
CREATE INDEX "product_price_changes_product_idx" ON "product_price_changes" USING btree ("business_id","product_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "product_price_changes_repricing_idx" ON "product_price_changes" USING btree ("business_id","repricing_id","product_id") WHERE "product_price_changes"."repricing_id" is not null;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_fk" FOREIGN KEY ("business_id","category_id") REFERENCES "public"."product_categories"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("business_id","category_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."archived_at" is null and "products"."category_id" is not null;--> statement-breakpoint
CREATE INDEX "products_below_cost_idx" ON "products" USING btree ("business_id","id") WHERE "products"."archived_at" is null and ("products"."selling_price" * (100 - "products"."selling_price_discount_percentage") < "products"."cost_price" * 100
    or ("products"."wholesale_price" > 0 and "products"."wholesale_price" * (100 - "products"."wholesale_price_discount_percentage") < "products"."cost_price" * 100));