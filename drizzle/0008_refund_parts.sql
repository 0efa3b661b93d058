CREATE TABLE "payment_refunds" (
	"id" uuid PRIMARY KEY NOT NULL,
	"payment_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"state" text NOT NULL,
	"reason" text NOT NULL,
	"operator_id" uuid,
	"gateway_before" text,
	"detail" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_refunds_amount" CHECK ("payment_refunds"."amount" > 0),
	CONSTRAINT "payment_refunds_state" CHECK ("payment_refunds"."state" IN ('requested', 'sending', 'done', 'refused', 'unknown'))
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_pending" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_refunds_payment" ON "payment_refunds" USING btree ("payment_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refund_pending" CHECK ("payments"."refund_pending" >= 0 AND "payments"."refunded_amount" + "payments"."refund_pending" <= "payments"."amount");