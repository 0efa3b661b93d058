CREATE TABLE "sandbox_booking_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"reservation" bigint NOT NULL,
	"pincode" text NOT NULL,
	"label" text,
	"hotel_id" integer NOT NULL,
	"checkin" text NOT NULL,
	"checkout" text NOT NULL,
	"currency" text NOT NULL,
	"timing" text NOT NULL,
	"booker" jsonb NOT NULL,
	"products" jsonb NOT NULL,
	"remarks" text,
	"status" text DEFAULT 'booked' NOT NULL,
	"cancellation_fee_eur" bigint,
	"cancellation_fee_booker" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_booking_previews" (
	"token" text PRIMARY KEY NOT NULL,
	"hotel_id" integer NOT NULL,
	"checkin" text NOT NULL,
	"checkout" text NOT NULL,
	"currency" text NOT NULL,
	"products" jsonb NOT NULL,
	"timings" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_booking_orders_reservation" ON "sandbox_booking_orders" USING btree ("reservation");--> statement-breakpoint
CREATE INDEX "sandbox_booking_orders_label" ON "sandbox_booking_orders" USING btree ("label");--> statement-breakpoint
CREATE INDEX "sandbox_booking_orders_created" ON "sandbox_booking_orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sandbox_booking_previews_stay" ON "sandbox_booking_previews" USING btree ("hotel_id","checkin","checkout");