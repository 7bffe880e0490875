DROP INDEX "sales_business_seller_idx";--> statement-breakpoint
DROP INDEX "sales_business_inactive_idx";--> statement-breakpoint
CREATE INDEX "sales_business_seller_idx" ON "sales" USING btree ("business_id","created_by","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "sales_business_inactive_idx" ON "sales" USING btree ("business_id","created_by","payment_status") WHERE "sales"."status" <> 'active';--> statement-breakpoint
-- The sales list of one seller, of a payment status, or both (list-sales.ts, countedFromTotals) is one statement
-- built once per shape and named, which PostgreSQL plans once per connection and, after five runs, may keep as a
-- generic plan, made without the values: it then takes any business and any seller to hold few sales. A shop
-- whose owner or one clerk makes most of the sales is the common one, and on the load data (the owner made all
-- 200,000 sales) that plan sorted every sale of the seller to take ten, off the seller's index in id order, and
-- counted the seller's cancelled sales by reading all of their sales: a page of the owner's sales took 400-550 ms
-- through HTTP from its sixth request on. The seller's index now runs in the page's order (newest first, as
-- sales_business_created_idx), so the page is a walk of ten entries whatever the plan; the cancelled sales' index
-- holds each one's seller and payment status, so their count is an index-only scan for a seller, a status or both.
-- On a copy of the load data, through HTTP, one request at a time, eight each (2026-11-26 16:50 UTC), before →
-- after: the owner's sales, page 2, 17-43 ms for five requests then 463-502 → 9-27 ms; the owner's part-paid
-- sales, page 5, 17-23 then 399-514 → 6-12 ms; the unpaid sales, page 3, 15-33 → 6-7 ms (their cancelled ones
-- counted from 1,334 entries instead of 4,000 rows: 5.8 → 0.3 ms in EXPLAIN ANALYZE). test/sales/list-sales-plans.test.ts
-- holds the pages to reading their page and the cancelled sales, under either plan.
ANALYZE "sales";
