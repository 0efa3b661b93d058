CREATE SEQUENCE "public"."payment_variable_symbols" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9999999999 START WITH 1000000001 CACHE 1;--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"response" "bytea",
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
CREATE TABLE "mail_attachments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"mail_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"content" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY NOT NULL,
	"event_key" text NOT NULL,
	"site" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "mail_outbox_event_key_unique" UNIQUE("event_key"),
	CONSTRAINT "mail_outbox_status" CHECK ("mail_outbox"."status" IN ('queued', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_numbers" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"site" text NOT NULL,
	"language" text NOT NULL,
	"status" text NOT NULL,
	"currency" text NOT NULL,
	"total" bigint NOT NULL,
	"service_fee" bigint NOT NULL,
	"bonus" bigint DEFAULT 0 NOT NULL,
	"customer" jsonb NOT NULL,
	"pay_by" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "orders_number_unique" UNIQUE("number"),
	CONSTRAINT "orders_amounts" CHECK ("orders"."total" >= 0 AND "orders"."service_fee" >= 0 AND "orders"."bonus" >= 0)
);
--> statement-breakpoint
CREATE TABLE "voucher_orders" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"voucher_value" bigint NOT NULL,
	"present_for" jsonb,
	"purchased_as_gift" boolean NOT NULL,
	"validity_months" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_transfers" (
	"bank_id" text PRIMARY KEY NOT NULL,
	"variable_symbol" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"payer_account" text NOT NULL,
	"payment_id" uuid,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbound_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "inbound_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "job_cursors" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"payment_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"source" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_type" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"site" text NOT NULL,
	"language" text NOT NULL,
	"method_id" text NOT NULL,
	"gateway" text,
	"gateway_payment_id" text,
	"redirect_url" text,
	"variable_symbol" text,
	"voucher_id" uuid,
	"order_number" text NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"covers" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"bonus" bigint DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"refunded_amount" bigint DEFAULT 0 NOT NULL,
	"payer_account" text,
	"replaced_by" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payments_variable_symbol_unique" UNIQUE("variable_symbol"),
	CONSTRAINT "payments_gateway_payment" UNIQUE("gateway","gateway_payment_id"),
	CONSTRAINT "payments_amounts" CHECK ("payments"."amount" >= 0 AND "payments"."covers" >= 0 AND "payments"."fee" >= 0 AND "payments"."amount" = "payments"."covers" + "payments"."fee"),
	CONSTRAINT "payments_refund" CHECK ("payments"."refunded_amount" >= 0 AND "payments"."refunded_amount" <= "payments"."amount"),
	CONSTRAINT "payments_status" CHECK ("payments"."status" IN ('WAITING', 'PAID', 'CANCELLED', 'REJECTED', 'REVOKED', 'REFUNDED'))
);
--> statement-breakpoint
CREATE TABLE "rate_limit_counters" (
	"bucket" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "rate_limit_counters_bucket_window_start_pk" PRIMARY KEY("bucket","window_start")
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"bonus_basis_points" integer DEFAULT 0 NOT NULL,
	"remove_fee" boolean DEFAULT false NOT NULL,
	"methods" text DEFAULT '' NOT NULL,
	"currency" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "coupons_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "voucher_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"voucher_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"payment_id" uuid,
	"order_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "voucher_ledger_step" UNIQUE("voucher_id","kind","payment_id")
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"currency" text NOT NULL,
	"total" bigint NOT NULL,
	"balance" bigint NOT NULL,
	"source" text NOT NULL,
	"source_order_id" uuid NOT NULL,
	"purchased_as_gift" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"site" text NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "vouchers_code_unique" UNIQUE("code"),
	CONSTRAINT "vouchers_source" UNIQUE("source","source_order_id"),
	CONSTRAINT "vouchers_code" CHECK ("vouchers"."code" ~ '^[0-9]{8}$'),
	CONSTRAINT "vouchers_balance" CHECK ("vouchers"."balance" >= 0 AND "vouchers"."balance" <= "vouchers"."total" AND "vouchers"."total" > 0)
);
--> statement-breakpoint
ALTER TABLE "mail_attachments" ADD CONSTRAINT "mail_attachments_mail_id_mail_outbox_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_outbox"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_orders" ADD CONSTRAINT "voucher_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD CONSTRAINT "bank_transfers_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_ledger" ADD CONSTRAINT "voucher_ledger_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_created" ON "mail_outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_status_pay_by" ON "orders" USING btree ("status","pay_by");--> statement-breakpoint
CREATE INDEX "payment_events_payment" ON "payment_events" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payments_owner" ON "payments" USING btree ("owner_type","owner_id");--> statement-breakpoint
CREATE INDEX "payments_waiting" ON "payments" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "voucher_ledger_voucher" ON "voucher_ledger" USING btree ("voucher_id");