DROP INDEX "sales_business_customer_name_trgm_idx";--> statement-breakpoint
CREATE INDEX "sales_business_customer_name_lower_trgm_idx" ON "sales" USING gin ("business_id",lower("customer_name") gin_trgm_ops);--> statement-breakpoint
-- The receipts list searches the payments by their sale's customer name (list-payments.ts). As `customer_name
-- ILIKE pattern`, a letter or two, which no trigram serves, read every sale's name of the business through
-- ILIKE for the count, and the page did so again whenever the planner, from the column's statistics, expected
-- few matches. As `lower(customer_name) like lower(pattern)`, ILIKE's own rule (test/stock/search-lower-like.test.ts),
-- the same names are read at about half the cost, and a name of three letters or more takes this index. The
-- index on the lowered names replaces the one on the names as written, which only this search read (the debts
-- list matches walk-ins by their debtor row and a registered customer's few open sales off their own index), so
-- a sale writes no more than before. Its statistics, gathered by ANALYZE as for a column, let the planner see
-- how many sales a letter matches: without them it took every sale to match, and walked the payments newest
-- first probing each one's sale, 160-220 ms for a letter no name holds on a shop of 150,000 sales, where a scan
-- of the names takes 37-41 ms. On a copy of the load data given such a shop (100,066 payments), in psql, the
-- count and then the page, before → after: 'a' (no sale) 77-88 and 78-87 → 39-43 and 37-42 ms; 'cu' (every
-- sale) 111-164 and 0.1-0.6 → 67-81 and 0.1-0.3 ms; 'customer 123' 51-54 and 51-53 → 14-15 and 15-16 ms;
-- 'customer 29' 62-76 and 1.8-1.9 → 28-30 and 1.7 ms.
ANALYZE "sales";
