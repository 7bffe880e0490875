CREATE TABLE "email_change_undos" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"old_email" text NOT NULL,
	"new_email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_change_undos" ADD CONSTRAINT "email_change_undos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_change_undos_user_idx" ON "email_change_undos" USING btree ("user_id");--> statement-breakpoint
-- Keys are scoped by sender from now on; the stored ones name no sender, so they are forgotten (a retry
-- still in flight across the upgrade is then made once more, the one thing the old keys could prevent).
DELETE FROM "idempotent_requests";--> statement-breakpoint
ALTER TABLE "idempotent_requests" DROP CONSTRAINT "idempotent_requests_business_id_key_pk";--> statement-breakpoint
ALTER TABLE "idempotent_requests" ADD COLUMN "user_id" bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotent_requests" ADD CONSTRAINT "idempotent_requests_business_id_user_id_key_pk" PRIMARY KEY("business_id","user_id","key");--> statement-breakpoint
DROP INDEX "sales_idempotency_key";--> statement-breakpoint
CREATE UNIQUE INDEX "sales_idempotency_key" ON "sales" USING btree ("business_id","created_by","idempotency_key") WHERE "sales"."idempotency_key" is not null;--> statement-breakpoint
-- A new email now needs the current password before its code is mailed: codes mailed without it stop working.
UPDATE "one_time_codes" SET "consumed_at" = now() WHERE "purpose" = 'email' AND "consumed_at" IS NULL;
