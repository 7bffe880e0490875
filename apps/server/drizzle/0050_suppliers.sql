CREATE TABLE "deliveries" (
	"business_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"supplier_id" bigint NOT NULL,
	"invoice_number" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"total_cost" numeric(14, 2) NOT NULL,
	"received_by" bigint,
	"received_by_name" text NOT NULL,
	CONSTRAINT "deliveries_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "deliveries_total_check" CHECK ("deliveries"."total_cost" >= 0)
);
--> statement-breakpoint
CREATE TABLE "delivery_lines" (
	"business_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "delivery_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"delivery_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"batch_id" bigint NOT NULL,
	"product_name" text NOT NULL,
	"batch_number" text NOT NULL,
	"expiration_date" date,
	"quantity" integer NOT NULL,
	"unit_cost" numeric(14, 2) NOT NULL,
	CONSTRAINT "delivery_lines_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "delivery_lines_quantity_check" CHECK ("delivery_lines"."quantity" >= 1),
	CONSTRAINT "delivery_lines_cost_check" CHECK ("delivery_lines"."unit_cost" > 0)
);
--> statement-breakpoint
CREATE TABLE "supplier_payments" (
	"business_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "supplier_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"supplier_id" bigint NOT NULL,
	"delivery_id" bigint,
	"amount" numeric(14, 2) NOT NULL,
	"method" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"paid_by" bigint,
	"paid_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supplier_payments_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "supplier_payments_amount_check" CHECK ("supplier_payments"."amount" > 0),
	CONSTRAINT "supplier_payments_method_check" CHECK ("supplier_payments"."method" in ('cash', 'bank_transfer', 'pos_card'))
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"business_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "suppliers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"phone" text,
	"note" text DEFAULT '' NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suppliers_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
ALTER TABLE "repricings" ADD COLUMN "supplier_id" bigint;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_received_by_users_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_supplier_fk" FOREIGN KEY ("business_id","supplier_id") REFERENCES "public"."suppliers"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_lines" ADD CONSTRAINT "delivery_lines_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_lines" ADD CONSTRAINT "delivery_lines_business_id_delivery_id_deliveries_business_id_id_fk" FOREIGN KEY ("business_id","delivery_id") REFERENCES "public"."deliveries"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_lines" ADD CONSTRAINT "delivery_lines_business_id_product_id_products_business_id_id_fk" FOREIGN KEY ("business_id","product_id") REFERENCES "public"."products"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_lines" ADD CONSTRAINT "delivery_lines_business_id_batch_id_product_batches_business_id_id_fk" FOREIGN KEY ("business_id","batch_id") REFERENCES "public"."product_batches"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_payments" ADD CONSTRAINT "supplier_payments_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_payments" ADD CONSTRAINT "supplier_payments_paid_by_users_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_payments" ADD CONSTRAINT "supplier_payments_business_id_supplier_id_suppliers_business_id_id_fk" FOREIGN KEY ("business_id","supplier_id") REFERENCES "public"."suppliers"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_payments" ADD CONSTRAINT "supplier_payments_business_id_delivery_id_deliveries_business_id_id_fk" FOREIGN KEY ("business_id","delivery_id") REFERENCES "public"."deliveries"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deliveries_supplier_idx" ON "deliveries" USING btree ("business_id","supplier_id","received_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "deliveries_received_idx" ON "deliveries" USING btree ("business_id","received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "deliveries_invoice_key" ON "deliveries" USING btree ("business_id","supplier_id",lower("invoice_number")) WHERE "deliveries"."invoice_number" is not null;--> statement-breakpoint
CREATE INDEX "delivery_lines_delivery_idx" ON "delivery_lines" USING btree ("business_id","delivery_id");--> statement-breakpoint
CREATE INDEX "delivery_lines_product_idx" ON "delivery_lines" USING btree ("business_id","product_id","delivery_id");--> statement-breakpoint
CREATE INDEX "supplier_payments_supplier_idx" ON "supplier_payments" USING btree ("business_id","supplier_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "supplier_payments_created_idx" ON "supplier_payments" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "supplier_payments_delivery_idx" ON "supplier_payments" USING btree ("business_id","delivery_id") WHERE "supplier_payments"."delivery_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "suppliers_name_key" ON "suppliers" USING btree ("business_id",lower("name"));