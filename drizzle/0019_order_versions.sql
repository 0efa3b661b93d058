-- orders.version moves on every change of an order or of anything its pages show, so a status
-- poll that holds the current version is answered from the version alone (server/orders/version.ts).
-- Triggers rather than application code: no write path can forget it, the operator console's and
-- the jobs' included. The parts of an order bump it by updating the order row, which takes that
-- row's lock: the payment paths lock the payments and then the order (as their owner hook did
-- already), the order paths lock the order first, so the lock is one they take anyway.
CREATE FUNCTION "orders_version_next"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."version" := OLD."version" + 1;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "orders_version_next" BEFORE UPDATE ON "orders" FOR EACH ROW EXECUTE FUNCTION "orders_version_next"();--> statement-breakpoint
CREATE FUNCTION "order_version_bump"("changed" uuid) RETURNS void LANGUAGE sql AS $$
  UPDATE "orders" SET "version" = "version" + 1 WHERE "id" = "changed";
$$;--> statement-breakpoint
-- A hotel stay (booking state, reservation, cancellation) or a voucher purchase.
CREATE FUNCTION "order_part_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM "order_version_bump"(OLD."order_id");
  ELSE
    PERFORM "order_version_bump"(NEW."order_id");
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "hotel_orders_order_version" AFTER INSERT OR UPDATE OR DELETE ON "hotel_orders" FOR EACH ROW EXECUTE FUNCTION "order_part_changed"();--> statement-breakpoint
CREATE TRIGGER "voucher_orders_order_version" AFTER INSERT OR UPDATE OR DELETE ON "voucher_orders" FOR EACH ROW EXECUTE FUNCTION "order_part_changed"();--> statement-breakpoint
-- A payment of an order: created, paid, failed, replaced, refunded (the payments platform knows
-- its owner as owner_type and owner_id).
CREATE FUNCTION "order_payment_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD."owner_type" IN ('hotel_order', 'voucher_order') THEN PERFORM "order_version_bump"(OLD."owner_id"); END IF;
  ELSIF NEW."owner_type" IN ('hotel_order', 'voucher_order') THEN
    PERFORM "order_version_bump"(NEW."owner_id");
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "payments_order_version" AFTER INSERT OR UPDATE OR DELETE ON "payments" FOR EACH ROW EXECUTE FUNCTION "order_payment_changed"();--> statement-breakpoint
-- A voucher the order issued (bought, or a cancelled stay's compensation): issued, spent, extended.
CREATE FUNCTION "order_voucher_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM "order_version_bump"(OLD."source_order_id");
  ELSE
    PERFORM "order_version_bump"(NEW."source_order_id");
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "vouchers_order_version" AFTER INSERT OR UPDATE OR DELETE ON "vouchers" FOR EACH ROW EXECUTE FUNCTION "order_voucher_changed"();--> statement-breakpoint
-- A ledger entry of such a voucher: the order's page lists where the voucher was spent.
CREATE FUNCTION "order_voucher_ledger_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "order_version_bump"(v."source_order_id") FROM "vouchers" v WHERE v."id" = NEW."voucher_id";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "voucher_ledger_order_version" AFTER INSERT ON "voucher_ledger" FOR EACH ROW EXECUTE FUNCTION "order_voucher_ledger_changed"();
