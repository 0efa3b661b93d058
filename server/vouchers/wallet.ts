import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { payments } from '../db/schema/payments';
import { voucherLedger, vouchers } from '../db/schema/vouchers';
import type { Tx } from '../db/transaction';
import { DomainError } from '../errors';
import type { VoucherWallet } from '../payments/owner';
import type { Services } from '../services';

const DAY_MS = 86_400_000;
/** A voucher that receives a refund stays usable at least this long afterwards. */
const REFUND_GRACE_DAYS = 30;

/**
 * The voucher ledger behind payments. Each step is one ledger row (unique per voucher, kind and
 * payment, so a repeated step adds nothing) plus one guarded UPDATE of the balance; the database
 * constraint keeps the balance between zero and the voucher's value. Concurrent holds on one
 * voucher serialise on its row: exactly those the balance covers succeed.
 */
export function voucherWallet(services: Pick<Services, 'clock'>): VoucherWallet {
  const now = () => services.clock.now();

  async function step(tx: Tx, voucherId: string, kind: 'hold' | 'release' | 'capture' | 'refund', paymentId: string, amount: number, orderId: string | null) {
    const inserted = await tx
      .insert(voucherLedger)
      .values({ voucherId, kind, amount, paymentId, orderId, createdAt: now() })
      .onConflictDoNothing()
      .returning({ id: voucherLedger.id });
    return inserted.length > 0;
  }

  async function heldFor(tx: Tx, paymentId: string) {
    const rows = await tx.select().from(voucherLedger).where(eq(voucherLedger.paymentId, paymentId));
    const hold = rows.find((r) => r.kind === 'hold');
    return { hold, done: new Set(rows.map((r) => r.kind)) };
  }

  return {
    async hold(tx, { voucherId, paymentId, amount, currency }) {
      const orderId = await ownerOf(tx, paymentId);
      if (!(await step(tx, voucherId, 'hold', paymentId, -amount, orderId))) return;
      const [updated] = await tx
        .update(vouchers)
        .set({ balance: sql`${vouchers.balance} - ${amount}` })
        .where(
          and(
            eq(vouchers.id, voucherId),
            eq(vouchers.active, true),
            eq(vouchers.currency, currency),
            sql`${vouchers.balance} >= ${amount}`,
            sql`${vouchers.validTo} > ${now()}`,
          ),
        )
        .returning({ id: vouchers.id });
      if (!updated) throw new DomainError('voucher_balance_changed');
    },
    async capture(tx, paymentId) {
      const { hold, done } = await heldFor(tx, paymentId);
      if (!hold || done.has('release') || done.has('capture')) return;
      await step(tx, hold.voucherId, 'capture', paymentId, 0, hold.orderId);
    },
    async release(tx, paymentId) {
      const { hold, done } = await heldFor(tx, paymentId);
      if (!hold || done.has('capture') || done.has('release')) return;
      if (await step(tx, hold.voucherId, 'release', paymentId, -hold.amount, hold.orderId)) {
        await tx.update(vouchers).set({ balance: sql`${vouchers.balance} + ${-hold.amount}` }).where(eq(vouchers.id, hold.voucherId));
      }
    },
    async refund(tx, paymentId, amount) {
      const { hold, done } = await heldFor(tx, paymentId);
      if (!hold || !done.has('capture') || done.has('refund')) return;
      if (await step(tx, hold.voucherId, 'refund', paymentId, amount, hold.orderId)) {
        const minimum = new Date(now().getTime() + REFUND_GRACE_DAYS * DAY_MS);
        await tx
          .update(vouchers)
          .set({ balance: sql`${vouchers.balance} + ${amount}`, validTo: sql`GREATEST(${vouchers.validTo}, ${minimum})` })
          .where(eq(vouchers.id, hold.voucherId));
      }
    },
  };
}

async function ownerOf(tx: Tx, paymentId: string): Promise<string | null> {
  const [row] = await tx.select({ ownerId: payments.ownerId }).from(payments).where(eq(payments.id, paymentId));
  return row?.ownerId ?? null;
}
