-- Substring search on product names and SKUs, and composite GIN indexes that start with business_id.
-- Both extensions are trusted (PostgreSQL 13+), so a database owner may create them.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;
