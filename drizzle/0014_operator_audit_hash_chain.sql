-- The audit log becomes a hash chain in seq order (server/operators/audit-chain.ts writes and
-- verifies it). Entries written before it began get the mark 'before-chain' from the column's
-- default (no UPDATE, which the append-only trigger refuses); they may only precede the chain.
ALTER TABLE "operator_audit" ADD COLUMN "hash" text NOT NULL DEFAULT 'before-chain';--> statement-breakpoint
ALTER TABLE "operator_audit" ALTER COLUMN "hash" DROP DEFAULT;--> statement-breakpoint
CREATE UNIQUE INDEX "operator_audit_seq" ON "operator_audit" USING btree ("seq");
