CREATE TABLE "sandbox_gateway_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"attempted_at" timestamp with time zone NOT NULL,
	"http_status" integer,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "sandbox_gateway_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"payment_id" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_gateway_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"gateway" text NOT NULL,
	"merchant_id" text NOT NULL,
	"order_number" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"refunded_amount" bigint DEFAULT 0 NOT NULL,
	"language" text NOT NULL,
	"return_url" text NOT NULL,
	"return_method" text DEFAULT 'GET' NOT NULL,
	"notify_url" text,
	"merchant_data" text,
	"close_payment" boolean DEFAULT true NOT NULL,
	"auth_code" text,
	"category" text,
	"ttl_seconds" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "sandbox_gateway_payments_amount" CHECK ("sandbox_gateway_payments"."amount" > 0),
	CONSTRAINT "sandbox_gateway_payments_refunded" CHECK ("sandbox_gateway_payments"."refunded_amount" >= 0 AND "sandbox_gateway_payments"."refunded_amount" <= "sandbox_gateway_payments"."amount")
);
--> statement-breakpoint
ALTER TABLE "sandbox_gateway_attempts" ADD CONSTRAINT "sandbox_gateway_attempts_event_id_sandbox_gateway_events_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."sandbox_gateway_events"("event_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_gateway_events" ADD CONSTRAINT "sandbox_gateway_events_payment_id_sandbox_gateway_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."sandbox_gateway_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_gateway_attempts_event" ON "sandbox_gateway_attempts" USING btree ("event_id","id");--> statement-breakpoint
CREATE INDEX "sandbox_gateway_events_payment" ON "sandbox_gateway_events" USING btree ("payment_id","seq");--> statement-breakpoint
CREATE INDEX "sandbox_gateway_payments_recent" ON "sandbox_gateway_payments" USING btree ("gateway","created_at");