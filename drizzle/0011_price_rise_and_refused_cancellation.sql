ALTER TABLE "hotel_orders" ADD COLUMN "booking_price_seen" bigint;--> statement-breakpoint
ALTER TABLE "hotel_orders" ADD COLUMN "cancel_refused_at" timestamp with time zone;