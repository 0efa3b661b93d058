CREATE TABLE "site_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spent_challenges" (
	"signature" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "hotel_orders" ADD COLUMN "preview_id" uuid;--> statement-breakpoint
-- Orders placed before this migration carry their preview's id as their own.
UPDATE "hotel_orders" SET "preview_id" = "order_id";--> statement-breakpoint
ALTER TABLE "hotel_orders" ALTER COLUMN "preview_id" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "hotel_orders_preview" ON "hotel_orders" USING btree ("preview_id");