CREATE TABLE "availability_cache" (
	"id" uuid PRIMARY KEY NOT NULL,
	"cache_key" text NOT NULL,
	"site" text NOT NULL,
	"language" text NOT NULL,
	"hotel_id" text NOT NULL,
	"stay" jsonb NOT NULL,
	"currency" text NOT NULL,
	"hotel" jsonb NOT NULL,
	"availability" jsonb NOT NULL,
	"cardless" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "previews" (
	"id" uuid PRIMARY KEY NOT NULL,
	"availability_id" uuid NOT NULL,
	"site" text NOT NULL,
	"language" text NOT NULL,
	"hotel_id" text NOT NULL,
	"hotel" jsonb NOT NULL,
	"stay" jsonb NOT NULL,
	"currency" text NOT NULL,
	"product_ids" jsonb NOT NULL,
	"allocation" jsonb NOT NULL,
	"options" jsonb NOT NULL,
	"offers" jsonb NOT NULL,
	"portal" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hotel_orders" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"hotel_id" text NOT NULL,
	"hotel" jsonb NOT NULL,
	"stay" jsonb NOT NULL,
	"product_ids" jsonb NOT NULL,
	"allocation" jsonb NOT NULL,
	"products" jsonb NOT NULL,
	"cancellation" jsonb NOT NULL,
	"options" jsonb NOT NULL,
	"rooms_price" bigint NOT NULL,
	"pay_on_site" bigint NOT NULL,
	"insurance" bigint NOT NULL,
	"timing" text NOT NULL,
	"free_cancellation_until" timestamp with time zone,
	"guest" jsonb,
	"note_for_hotel" text,
	"booking_status" text NOT NULL,
	"booking_attempted_at" timestamp with time zone,
	"booking_failure" text,
	"portal_order_id" text,
	"reservation" text,
	"pincode" text,
	"booked_at" timestamp with time zone,
	"cancel_requested_at" timestamp with time zone,
	"cancellation_fee" bigint,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "hotel_orders" ADD CONSTRAINT "hotel_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "availability_cache_key" ON "availability_cache" USING btree ("cache_key","expires_at");--> statement-breakpoint
CREATE INDEX "hotel_orders_booking_status" ON "hotel_orders" USING btree ("booking_status");