CREATE TABLE "customer_merges" (
	"business_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "customer_merges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kept_customer_id" bigint,
	"kept_name_key" text,
	"kept_name" text NOT NULL,
	"merged_customer_id" bigint,
	"merged_name_key" text,
	"merged_name" text NOT NULL,
	"sale_ids" bigint[] NOT NULL,
	"moved_sales" integer NOT NULL,
	"merged_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_merges_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "customer_merges_kept_check" CHECK (("customer_merges"."kept_customer_id" is null) <> ("customer_merges"."kept_name_key" is null)),
	CONSTRAINT "customer_merges_merged_check" CHECK (("customer_merges"."merged_customer_id" is null) <> ("customer_merges"."merged_name_key" is null))
);
--> statement-breakpoint
ALTER TABLE "customer_merges" ADD CONSTRAINT "customer_merges_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_merges" ADD CONSTRAINT "customer_merges_merged_by_users_id_fk" FOREIGN KEY ("merged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_merges_merged_customer_idx" ON "customer_merges" USING btree ("business_id","merged_customer_id") WHERE "customer_merges"."merged_customer_id" is not null;--> statement-breakpoint
CREATE INDEX "sales_walk_in_customer_idx" ON "sales" USING btree ("business_id",lower(trim("customer_name"))) WHERE "sales"."customer_id" is null;