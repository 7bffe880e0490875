ALTER TABLE "memberships" ADD COLUMN "awaiting_activation" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Who joined by a link before this column: inactive, and their membership never changed since it was made.
UPDATE "memberships" SET "awaiting_activation" = true WHERE NOT "is_active" AND "updated_at" = "created_at";--> statement-breakpoint
CREATE INDEX "memberships_awaiting_idx" ON "memberships" USING btree ("business_id","created_at") WHERE "memberships"."awaiting_activation";