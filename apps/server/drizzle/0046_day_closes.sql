CREATE TABLE "day_close_lines" (
	"business_id" bigint NOT NULL,
	"close_id" bigint NOT NULL,
	"method" text NOT NULL,
	"currency" text NOT NULL,
	"received" numeric(14, 2) NOT NULL,
	"refunded" numeric(14, 2) NOT NULL,
	"spent" numeric(14, 2) NOT NULL,
	"expected" numeric(14, 2) NOT NULL,
	"counted" numeric(14, 2) NOT NULL,
	"difference" numeric(14, 2) NOT NULL,
	CONSTRAINT "day_close_lines_business_id_close_id_method_currency_pk" PRIMARY KEY("business_id","close_id","method","currency"),
	CONSTRAINT "day_close_lines_method_check" CHECK ("day_close_lines"."method" in ('cash', 'bank_transfer', 'pos_card')),
	CONSTRAINT "day_close_lines_currency_check" CHECK ("day_close_lines"."currency" in ('NGN', 'USD', 'EUR', 'AED')),
	CONSTRAINT "day_close_lines_sums_check" CHECK ("day_close_lines"."expected" = "day_close_lines"."received" - "day_close_lines"."refunded" - "day_close_lines"."spent" and "day_close_lines"."difference" = "day_close_lines"."counted" - "day_close_lines"."expected")
);
--> statement-breakpoint
CREATE TABLE "day_closes" (
	"business_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "day_closes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"scope" text NOT NULL,
	"closed_by" bigint,
	"closed_by_name" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"pending_outbox" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "day_closes_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "day_closes_scope_check" CHECK ("day_closes"."scope" in ('own', 'shop')),
	CONSTRAINT "day_closes_period_check" CHECK ("day_closes"."period_start" <= "day_closes"."period_end"),
	CONSTRAINT "day_closes_pending_check" CHECK ("day_closes"."pending_outbox" >= 0)
);
--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "payment_method" text DEFAULT 'cash' NOT NULL;--> statement-breakpoint
ALTER TABLE "day_close_lines" ADD CONSTRAINT "day_close_lines_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_close_lines" ADD CONSTRAINT "day_close_lines_business_id_close_id_day_closes_business_id_id_fk" FOREIGN KEY ("business_id","close_id") REFERENCES "public"."day_closes"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_closes" ADD CONSTRAINT "day_closes_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_closes" ADD CONSTRAINT "day_closes_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "day_closes_own_period_key" ON "day_closes" USING btree ("business_id","closed_by","period_start") WHERE "day_closes"."scope" = 'own';--> statement-breakpoint
CREATE UNIQUE INDEX "day_closes_shop_period_key" ON "day_closes" USING btree ("business_id","period_start") WHERE "day_closes"."scope" = 'shop';--> statement-breakpoint
CREATE INDEX "day_closes_business_end_idx" ON "day_closes" USING btree ("business_id","period_end" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "day_closes_closer_end_idx" ON "day_closes" USING btree ("business_id","closed_by","period_end" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_payment_method_check" CHECK ("expenses"."payment_method" in ('cash', 'bank_transfer', 'pos_card'));