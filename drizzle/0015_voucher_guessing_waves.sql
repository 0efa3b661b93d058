CREATE TABLE "voucher_guessing_waves" (
	"id" uuid PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"misses" integer NOT NULL,
	"detected_at" timestamp with time zone NOT NULL,
	CONSTRAINT "voucher_guessing_waves_window_start_unique" UNIQUE("window_start")
);
