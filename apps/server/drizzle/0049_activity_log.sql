CREATE TABLE "activity_log" (
	"business_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "activity_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" bigint,
	"actor_name" text NOT NULL,
	"kind" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" bigint,
	"subject_label" text NOT NULL,
	"details" jsonb NOT NULL,
	CONSTRAINT "activity_log_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "activity_log_kind_check" CHECK ("activity_log"."kind" in ('product.price', 'product.bulk_price', 'product.bulk_price_undo', 'stock.adjust', 'stock.write_off', 'sale.cancel', 'sale.return', 'member.role', 'member.activation', 'member.remove', 'business.update', 'account.new_device', 'counter.shortfall', 'counter.price_flag')),
	CONSTRAINT "activity_log_subject_check" CHECK ("activity_log"."subject_type" in ('product', 'repricing', 'sale', 'member', 'business'))
);
--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_log_business_at_idx" ON "activity_log" USING btree ("business_id","at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- The log is never edited: no UPDATE, and no DELETE while its business exists. Deleting the business takes its
-- log through the foreign key's cascade, which runs after the business row is gone (ADR 0029).
CREATE FUNCTION activity_log_unchangeable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM businesses WHERE id = OLD.business_id) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'The activity log is never edited.' USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER activity_log_unchangeable BEFORE UPDATE OR DELETE ON activity_log
  FOR EACH ROW EXECUTE FUNCTION activity_log_unchangeable();--> statement-breakpoint
CREATE TRIGGER activity_log_untruncatable BEFORE TRUNCATE ON activity_log
  FOR EACH STATEMENT EXECUTE FUNCTION activity_log_unchangeable();
