ALTER TABLE "businesses" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "bank_name" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "account_number" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "account_name" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_phone_check" CHECK ("businesses"."phone" ~ '^\+234[0-9]{10}$');--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_account_number_check" CHECK ("businesses"."account_number" ~ '^[0-9]{10}$');