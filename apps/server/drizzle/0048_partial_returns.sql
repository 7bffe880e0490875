ALTER TABLE "sale_return_lines" ADD COLUMN "amount" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "sale_returns" ADD COLUMN "kind" text DEFAULT 'cancel' NOT NULL;--> statement-breakpoint
ALTER TABLE "sale_returns" ADD COLUMN "restock" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "sale_returns" ADD COLUMN "amount" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "sale_returns" ADD COLUMN "cost" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
CREATE INDEX "sale_returns_business_returned_idx" ON "sale_returns" USING btree ("business_id","created_at") WHERE "sale_returns"."kind" = 'return';--> statement-breakpoint
ALTER TABLE "sale_returns" ADD CONSTRAINT "sale_returns_kind_check" CHECK ("sale_returns"."kind" in ('cancel', 'return'));--> statement-breakpoint
-- The cancellations recorded before: their lines' and headers' value and cost, as a return now records them.
UPDATE "sale_return_lines" rl SET "amount" = trunc(l."line_total" / l."quantity", 2) * rl."quantity"
FROM "sale_lines" l WHERE l."business_id" = rl."business_id" AND l."id" = rl."sale_line_id";--> statement-breakpoint
UPDATE "sale_returns" r SET "amount" = x.amount, "cost" = x.cost
FROM (
  SELECT rl."business_id", rl."return_id", sum(rl."amount") AS amount, sum(rl."quantity" * coalesce(l."cost_price", 0)) AS cost
  FROM "sale_return_lines" rl JOIN "sale_lines" l ON l."business_id" = rl."business_id" AND l."id" = rl."sale_line_id"
  GROUP BY 1, 2
) x WHERE x."business_id" = r."business_id" AND x."return_id" = r."id";
