CREATE TABLE "server_starts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"build_id" text NOT NULL,
	"version" text NOT NULL,
	"commit" text NOT NULL,
	"env" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL
);
