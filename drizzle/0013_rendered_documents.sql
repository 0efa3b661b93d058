CREATE TABLE "rendered_documents" (
	"owner_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"version" text NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rendered_documents_owner_id_kind_version_pk" PRIMARY KEY("owner_id","kind","version"),
	CONSTRAINT "rendered_documents_kind" CHECK ("rendered_documents"."kind" IN ('invoice', 'booking_confirmation', 'voucher'))
);
