CREATE TABLE "voucher_code_misses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"client_key" text NOT NULL,
	"code" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "voucher_holds" (
	"id" uuid PRIMARY KEY NOT NULL,
	"voucher_id" uuid NOT NULL,
	"client_key" text NOT NULL,
	"unexplained_misses" integer NOT NULL,
	"held_at" timestamp with time zone NOT NULL,
	"released_at" timestamp with time zone,
	"released_by" text
);
--> statement-breakpoint
ALTER TABLE "voucher_holds" ADD CONSTRAINT "voucher_holds_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "voucher_code_misses_client" ON "voucher_code_misses" USING btree ("client_key","at");--> statement-breakpoint
CREATE INDEX "voucher_code_misses_at" ON "voucher_code_misses" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_holds_open" ON "voucher_holds" USING btree ("voucher_id") WHERE "voucher_holds"."released_at" IS NULL;--> statement-breakpoint
CREATE INDEX "voucher_holds_held_at" ON "voucher_holds" USING btree ("held_at");