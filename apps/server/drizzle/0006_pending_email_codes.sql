ALTER TABLE "one_time_codes" DROP CONSTRAINT "one_time_codes_purpose_check";--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD COLUMN "new_email" text;--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD CONSTRAINT "one_time_codes_purpose_check" CHECK ("one_time_codes"."purpose" in ('activate', 'reset', 'email'));