CREATE TABLE "counter_devices" (
	"business_id" bigint NOT NULL,
	"device_id" text NOT NULL,
	"prefix" text NOT NULL,
	"label" text NOT NULL,
	"user_id" bigint,
	"last_sequence" integer DEFAULT 0 NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"pending_count" integer DEFAULT 0 NOT NULL,
	"oldest_pending_at" timestamp with time zone,
	"needs_attention_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "counter_devices_business_id_device_id_pk" PRIMARY KEY("business_id","device_id"),
	CONSTRAINT "counter_devices_prefix_check" CHECK ("counter_devices"."prefix" ~ '^[A-Z0-9]{2,6}$')
);
--> statement-breakpoint
CREATE TABLE "price_flags" (
	"business_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "price_flags_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"sale_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"product_name" text NOT NULL,
	"charged_unit_price" numeric(14, 2) NOT NULL,
	"charged_discount_percentage" numeric(5, 2) NOT NULL,
	"product_unit_price" numeric(14, 2) NOT NULL,
	"product_discount_percentage" numeric(5, 2) NOT NULL,
	"sold_by" bigint,
	"sold_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	"settled_by" bigint,
	"settle_note" text,
	CONSTRAINT "price_flags_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "stock_shortfalls" (
	"business_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "stock_shortfalls_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"sale_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"product_name" text NOT NULL,
	"quantity" integer NOT NULL,
	"sold_by" bigint,
	"sold_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	"settled_by" bigint,
	"settle_note" text,
	CONSTRAINT "stock_shortfalls_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "stock_shortfalls_quantity_check" CHECK ("stock_shortfalls"."quantity" >= 1)
);
--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "client_sale_id" text;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "receipt_number" text;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "customer_phone" text;--> statement-breakpoint
ALTER TABLE "counter_devices" ADD CONSTRAINT "counter_devices_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counter_devices" ADD CONSTRAINT "counter_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_flags" ADD CONSTRAINT "price_flags_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_flags" ADD CONSTRAINT "price_flags_sold_by_users_id_fk" FOREIGN KEY ("sold_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_flags" ADD CONSTRAINT "price_flags_settled_by_users_id_fk" FOREIGN KEY ("settled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_flags" ADD CONSTRAINT "price_flags_business_id_sale_id_sales_business_id_id_fk" FOREIGN KEY ("business_id","sale_id") REFERENCES "public"."sales"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_flags" ADD CONSTRAINT "price_flags_business_id_product_id_products_business_id_id_fk" FOREIGN KEY ("business_id","product_id") REFERENCES "public"."products"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_shortfalls" ADD CONSTRAINT "stock_shortfalls_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_shortfalls" ADD CONSTRAINT "stock_shortfalls_sold_by_users_id_fk" FOREIGN KEY ("sold_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_shortfalls" ADD CONSTRAINT "stock_shortfalls_settled_by_users_id_fk" FOREIGN KEY ("settled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_shortfalls" ADD CONSTRAINT "stock_shortfalls_business_id_sale_id_sales_business_id_id_fk" FOREIGN KEY ("business_id","sale_id") REFERENCES "public"."sales"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_shortfalls" ADD CONSTRAINT "stock_shortfalls_business_id_product_id_products_business_id_id_fk" FOREIGN KEY ("business_id","product_id") REFERENCES "public"."products"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "counter_devices_prefix_key" ON "counter_devices" USING btree ("business_id","prefix");--> statement-breakpoint
CREATE INDEX "price_flags_open_idx" ON "price_flags" USING btree ("business_id","id") WHERE "price_flags"."settled_at" is null;--> statement-breakpoint
CREATE INDEX "price_flags_sale_idx" ON "price_flags" USING btree ("business_id","sale_id");--> statement-breakpoint
CREATE INDEX "stock_shortfalls_open_idx" ON "stock_shortfalls" USING btree ("business_id","id") WHERE "stock_shortfalls"."settled_at" is null;--> statement-breakpoint
CREATE INDEX "stock_shortfalls_sale_idx" ON "stock_shortfalls" USING btree ("business_id","sale_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_client_sale_key" ON "sales" USING btree ("business_id","created_by","client_sale_id") WHERE "sales"."client_sale_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "sales_receipt_number_key" ON "sales" USING btree ("business_id","receipt_number") WHERE "sales"."receipt_number" is not null;