CREATE TABLE "sandbox_mail_received" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"envelope_from" text NOT NULL,
	"envelope_to" jsonb NOT NULL,
	"message_id" text,
	"to_header" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"attachments" jsonb NOT NULL,
	"raw" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sandbox_mail_received_at" ON "sandbox_mail_received" USING btree ("received_at");