CREATE TABLE "report_debtors" (
	"business_id" bigint NOT NULL,
	"customer_id" bigint NOT NULL,
	"name_key" text NOT NULL,
	"currency" text NOT NULL,
	"open_sales" integer NOT NULL,
	"owed" numeric NOT NULL,
	CONSTRAINT "report_debtors_business_id_customer_id_name_key_currency_pk" PRIMARY KEY("business_id","customer_id","name_key","currency")
);
--> statement-breakpoint
CREATE TABLE "report_expense_days" (
	"business_id" bigint NOT NULL,
	"day" date NOT NULL,
	"currency" text NOT NULL,
	"category" text NOT NULL,
	"expenses" integer NOT NULL,
	"amount" numeric NOT NULL,
	CONSTRAINT "report_expense_days_business_id_day_currency_category_pk" PRIMARY KEY("business_id","day","currency","category")
);
--> statement-breakpoint
CREATE TABLE "report_payment_days" (
	"business_id" bigint NOT NULL,
	"day" date NOT NULL,
	"currency" text NOT NULL,
	"sold_by" bigint NOT NULL,
	"payments" integer NOT NULL,
	"amount" numeric NOT NULL,
	CONSTRAINT "report_payment_days_business_id_day_currency_sold_by_pk" PRIMARY KEY("business_id","day","currency","sold_by")
);
--> statement-breakpoint
CREATE TABLE "report_product_days" (
	"business_id" bigint NOT NULL,
	"day" date NOT NULL,
	"currency" text NOT NULL,
	"sold_by" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"lines" integer NOT NULL,
	"units" bigint NOT NULL,
	"revenue" numeric NOT NULL,
	CONSTRAINT "report_product_days_business_id_day_currency_sold_by_product_id_pk" PRIMARY KEY("business_id","day","currency","sold_by","product_id")
);
--> statement-breakpoint
CREATE TABLE "report_products" (
	"business_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"sold_by" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"lines" integer NOT NULL,
	"units" bigint NOT NULL,
	"revenue" numeric NOT NULL,
	CONSTRAINT "report_products_business_id_currency_sold_by_product_id_pk" PRIMARY KEY("business_id","currency","sold_by","product_id")
);
--> statement-breakpoint
CREATE TABLE "report_sale_days" (
	"business_id" bigint NOT NULL,
	"day" date NOT NULL,
	"currency" text NOT NULL,
	"sold_by" bigint NOT NULL,
	"payment_status" text NOT NULL,
	"sales" integer NOT NULL,
	"revenue" numeric NOT NULL,
	"paid" numeric NOT NULL,
	"cost" numeric NOT NULL,
	CONSTRAINT "report_sale_days_business_id_day_currency_sold_by_payment_status_pk" PRIMARY KEY("business_id","day","currency","sold_by","payment_status")
);
--> statement-breakpoint
DROP INDEX "sale_lines_product_idx";--> statement-breakpoint
ALTER TABLE "report_debtors" ADD CONSTRAINT "report_debtors_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_expense_days" ADD CONSTRAINT "report_expense_days_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_payment_days" ADD CONSTRAINT "report_payment_days_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_product_days" ADD CONSTRAINT "report_product_days_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_products" ADD CONSTRAINT "report_products_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_sale_days" ADD CONSTRAINT "report_sale_days_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sales_business_seller_idx" ON "sales" USING btree ("business_id","created_by","id");--> statement-breakpoint
CREATE INDEX "sales_open_debtor_idx" ON "sales" USING btree ("business_id",coalesce("customer_id", 0),(case when "customer_id" is null then lower(trim("customer_name")) else '' end),"currency","id") WHERE "sales"."payment_status" <> 'paid' and "sales"."status" = 'active';--> statement-breakpoint
CREATE INDEX "sale_lines_product_idx" ON "sale_lines" USING btree ("business_id","product_id","id");