ALTER TABLE "cart_items" DROP CONSTRAINT "cart_items_quantity_check";--> statement-breakpoint
ALTER TABLE "delivery_lines" DROP CONSTRAINT "delivery_lines_quantity_check";--> statement-breakpoint
ALTER TABLE "cart_items" ALTER COLUMN "quantity" SET DATA TYPE numeric(14, 3);--> statement-breakpoint
ALTER TABLE "delivery_lines" ALTER COLUMN "quantity" SET DATA TYPE numeric(14, 3);--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_quantity_check" CHECK ("cart_items"."quantity" > 0);--> statement-breakpoint
ALTER TABLE "delivery_lines" ADD CONSTRAINT "delivery_lines_quantity_check" CHECK ("delivery_lines"."quantity" > 0);