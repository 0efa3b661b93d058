CREATE TABLE "sandbox_bank_transfers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"variable_symbol" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"counterparty_account" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
