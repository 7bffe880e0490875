CREATE TABLE "report_product_totals" (
	"business_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"product_id" bigint NOT NULL,
	"lines" integer NOT NULL,
	"units" bigint NOT NULL,
	"revenue" numeric NOT NULL,
	CONSTRAINT "report_product_totals_business_id_currency_product_id_pk" PRIMARY KEY("business_id","currency","product_id")
);
--> statement-breakpoint
ALTER TABLE "report_product_totals" ADD CONSTRAINT "report_product_totals_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_product_totals_best_idx" ON "report_product_totals" USING btree ("business_id","units" DESC NULLS LAST,"revenue" DESC NULLS LAST,"product_id") WHERE "report_product_totals"."lines" > 0;