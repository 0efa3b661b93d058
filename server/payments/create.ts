import 'server-only';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Language, VariantKey } from '@/lib/variants';
import { payments, paymentEvents, variableSymbols } from '../db/schema/payments';
import type { Tx } from '../db/transaction';
import type { CreditUse, PaymentShare } from '../pricing/payment-calculation';
import type { Services } from '../services';
import { METHODS } from './methods';
import type { PaymentRecord } from './records';
import { movePayment } from './transitions';

export interface PaymentOwnerRef {
  type: string;
  id: string;
  site: VariantKey;
  language: Language;
  /** Digits only, at most 10: it goes to gateways and bank statements. */
  orderNumber: string;
  currency: 'CZK' | 'PLN';
}

/** Gateways let a payment expire after its TTL; we give them a few minutes more before we do. */
const GATEWAY_GRACE_SECONDS = 300;

/**
 * Creates an owner's payments from its calculation, in the owner's create transaction: one
 * WAITING payment per method share (a transfer gets its variable symbol now), and one per voucher
 * whose value is held on the voucher at once, so two orders can never spend the same balance.
 * Gateway payments are started after the commit (startGatewayPayment): no outside call runs
 * inside a transaction.
 */
export async function createPayments(
  services: Pick<Services, 'clock' | 'config' | 'owners' | 'wallet'>,
  tx: Tx,
  owner: PaymentOwnerRef,
  plan: {
    methods: readonly PaymentShare[];
    vouchers: readonly CreditUse[];
    /** No payment may wait past this (a stay's check-in): a transfer is due earlier then. */
    deadline?: Date;
  },
): Promise<PaymentRecord[]> {
  const now = services.clock.now();
  const { gatewayPaymentTtlSeconds, transferDueDays } = services.config.payments;
  const rows: (typeof payments.$inferInsert)[] = [];
  for (const share of plan.methods) {
    const method = METHODS[share.methodId];
    const due = now.getTime() + (method.gateway ? (gatewayPaymentTtlSeconds + GATEWAY_GRACE_SECONDS) * 1000 : transferDueDays * 86_400_000);
    const expiresAt = new Date(plan.deadline && !method.gateway ? Math.max(now.getTime(), Math.min(due, plan.deadline.getTime())) : due);
    rows.push({
      ...common(owner, now, expiresAt),
      methodId: method.id,
      gateway: method.gateway,
      variableSymbol: method.gateway ? null : await nextVariableSymbol(tx),
      amount: share.value,
      covers: share.covers,
      fee: share.fee,
      bonus: share.bonus,
    });
  }
  const latest = rows.reduce((max, row) => Math.max(max, (row.expiresAt as Date).getTime()), now.getTime());
  for (const use of plan.vouchers.filter((v) => v.willBeUsed > 0)) {
    rows.push({
      ...common(owner, now, new Date(latest)),
      methodId: 'voucher',
      voucherId: use.voucherId,
      amount: use.willBeUsed,
      covers: use.willBeUsed,
      fee: 0,
    });
  }
  if (rows.length === 0) return [];
  // One millisecond apart in the order the visitor chose them: an owner's payments are listed by
  // creation (ownerPayments), so the first method is the one the visitor is sent to pay first.
  const ordered = rows.map((row, index) => ({ ...row, createdAt: new Date(now.getTime() + index) }));
  const created = await tx.insert(payments).values(ordered).returning();
  created.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  await tx
    .insert(paymentEvents)
    .values(created.map((p) => ({ paymentId: p.id, fromStatus: null, toStatus: 'WAITING', source: 'create', createdAt: now })));
  for (const payment of created.filter((p) => p.methodId === 'voucher')) {
    await services.wallet.hold(tx, { voucherId: payment.voucherId!, paymentId: payment.id, amount: payment.amount, currency: payment.currency });
  }
  if (created.every((p) => p.methodId === 'voucher')) {
    // Vouchers cover everything: nothing else will ever arrive, so they are spent right away.
    const settled: PaymentRecord[] = [];
    for (const payment of created) settled.push((await movePayment(services, tx, payment, 'PAID', 'create')) ?? payment);
    return settled;
  }
  return created;
}

function common(owner: PaymentOwnerRef, now: Date, expiresAt: Date) {
  return {
    id: crypto.randomUUID(),
    ownerType: owner.type,
    ownerId: owner.id,
    site: owner.site,
    language: owner.language,
    orderNumber: owner.orderNumber,
    currency: owner.currency,
    status: 'WAITING' as const,
    expiresAt,
    createdAt: now,
    updatedAt: now,
  };
}

async function nextVariableSymbol(tx: Tx): Promise<string> {
  const result = await tx.execute(sql`SELECT nextval(${sql.raw(`'${variableSymbols.seqName}'`)})::text AS value`);
  // Both drivers answer execute() with { rows }.
  const value = (result as unknown as { rows: { value: string }[] }).rows[0]?.value;
  if (!value) throw new Error('no variable symbol from the sequence');
  return value;
}

/**
 * Creates a new attempt for a payment that failed or expired, so the visitor can pay that part
 * again: same method and amounts, the old one points to it. Returns undefined when the payment
 * cannot be paid again (it is waiting, paid, or was already replaced).
 */
export async function replacePayment(
  services: Pick<Services, 'clock' | 'config'>,
  tx: Tx,
  failed: PaymentRecord,
): Promise<PaymentRecord | undefined> {
  if (!['CANCELLED', 'REJECTED', 'REVOKED'].includes(failed.status) || failed.replacedBy !== null || failed.methodId === 'voucher') {
    return undefined;
  }
  const now = services.clock.now();
  const { gatewayPaymentTtlSeconds, transferDueDays } = services.config.payments;
  const seconds = failed.gateway ? gatewayPaymentTtlSeconds + GATEWAY_GRACE_SECONDS : transferDueDays * 86_400;
  const id = crypto.randomUUID();
  const [claimed] = await tx
    .update(payments)
    .set({ replacedBy: id, updatedAt: now })
    .where(and(eq(payments.id, failed.id), isNull(payments.replacedBy)))
    .returning();
  if (!claimed) return undefined;
  const [created] = await tx
    .insert(payments)
    .values({
      id,
      ownerType: failed.ownerType,
      ownerId: failed.ownerId,
      site: failed.site,
      language: failed.language,
      methodId: failed.methodId,
      gateway: failed.gateway,
      variableSymbol: failed.gateway ? null : await nextVariableSymbol(tx),
      orderNumber: failed.orderNumber,
      currency: failed.currency,
      amount: failed.amount,
      covers: failed.covers,
      fee: failed.fee,
      bonus: failed.bonus,
      status: 'WAITING',
      expiresAt: new Date(now.getTime() + seconds * 1000),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await tx.insert(paymentEvents).values({ paymentId: id, fromStatus: null, toStatus: 'WAITING', source: 'create', detail: { replaces: failed.id }, createdAt: now });
  return created;
}
