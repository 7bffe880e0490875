CREATE TABLE "business_logos" (
	"business_id" bigint PRIMARY KEY NOT NULL,
	"data_url" text NOT NULL,
	CONSTRAINT "business_logos_data_url_check" CHECK ("business_logos"."data_url" ~ '^data:image/(png|jpeg)' and length("business_logos"."data_url") <= 65568)
);
--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "logo_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "business_logos" ADD CONSTRAINT "business_logos_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;