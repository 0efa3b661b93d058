import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConnectError } from '@connectrpc/connect';
import { ErrorDetailSchema } from '@/gen/dzb/v1/common_pb';
import { OrderStatus } from '@/gen/dzb/v1/order_pb';
import { VoucherState } from '@/gen/dzb/v1/voucher_pb';
import { orders } from '@/server/db/schema/orders';
import { payments } from '@/server/db/schema/payments';
import { vouchers } from '@/server/db/schema/vouchers';
import { inTransaction } from '@/server/db/transaction';
import { DomainError } from '@/server/errors';
import { expireUnpaidOrders } from '@/server/orders/expire';
import { ledgerSum } from '@/server/vouchers/issue';
import { databaseKinds } from '../support/databases';
import { CZECH, CZK, errorCode, openShop, ORDER_FORM, type Shop } from '../support/shop';
import { giveVoucher as give } from '../support/vouchers';

/** A payment row the wallet can hold value for (the wallet records which order spent it). */
async function paymentRow(shop: Shop, voucherId: string): Promise<string> {
  const id = crypto.randomUUID();
  const now = shop.ctx.services.clock.now();
  await shop.handle.db.insert(payments).values({
    id, ownerType: 'test', ownerId: crypto.randomUUID(), site: 'cz', language: 'cs', methodId: 'voucher', voucherId, orderNumber: '2026999999',
    currency: 'CZK', amount: 0, covers: 0, fee: 0, status: 'WAITING', expiresAt: now, createdAt: now, updatedAt: now,
  });
  return id;
}

describe.each(databaseKinds())('the voucher ledger, on %s', (kind) => {
  let shop: Shop;
  beforeEach(async () => {
    shop = await openShop(kind, { BUDGETS: 'voucherGuessesSiteWide=1000/86400' });
  });
  afterEach(() => shop.close());

  it('lets exactly the covered ones of 50 concurrent debits through, never below zero', async () => {
    const voucher = await give(shop, 100_000);
    const { db } = await shop.ctx.services.db();
    const paymentIds = await Promise.all(Array.from({ length: 50 }, () => paymentRow(shop, voucher.id)));
    const results = await Promise.allSettled(
      paymentIds.map((paymentId) =>
        inTransaction(db, (tx) => shop.ctx.services.wallet.hold(tx, { voucherId: voucher.id, paymentId, amount: 30_000, currency: 'CZK' })),
      ),
    );
    const succeeded = results.filter((r) => r.status === 'fulfilled').length;
    expect(succeeded).toBe(3);
    for (const failure of results.filter((r): r is PromiseRejectedResult => r.status === 'rejected')) {
      expect(failure.reason).toBeInstanceOf(DomainError);
      expect((failure.reason as DomainError).code).toBe('voucher_balance_changed');
    }
    const [after] = await db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
    expect(after?.balance).toBe(10_000);
    expect(await db.transaction((tx) => ledgerSum(tx, voucher.id))).toBe(10_000);
  });

  it('makes each step apply once however often it is repeated, and refunds back onto the voucher', async () => {
    const voucher = await give(shop, 50_000);
    const paymentId = await paymentRow(shop, voucher.id);
    const { wallet } = shop.ctx.services;
    const { db } = await shop.ctx.services.db();
    const balance = async () => (await db.select().from(vouchers).where(eq(vouchers.id, voucher.id)))[0]!.balance;
    for (let i = 0; i < 3; i++) await inTransaction(db, (tx) => wallet.hold(tx, { voucherId: voucher.id, paymentId, amount: 20_000, currency: 'CZK' }));
    expect(await balance()).toBe(30_000);
    for (let i = 0; i < 2; i++) await inTransaction(db, (tx) => wallet.capture(tx, paymentId));
    await inTransaction(db, (tx) => wallet.release(tx, paymentId));
    expect(await balance()).toBe(30_000);
    for (let i = 0; i < 2; i++) await inTransaction(db, (tx) => wallet.refund(tx, paymentId, 20_000));
    expect(await balance()).toBe(50_000);
    expect(await db.transaction((tx) => ledgerSum(tx, voucher.id))).toBe(50_000);
  });

  it('keeps a balance above the value or below zero out of the database', async () => {
    const voucher = await give(shop, 10_000);
    await expect(shop.handle.db.update(vouchers).set({ balance: -1 }).where(eq(vouchers.id, voucher.id))).rejects.toThrow();
    await expect(shop.handle.db.update(vouchers).set({ balance: 10_001 }).where(eq(vouchers.id, voucher.id))).rejects.toThrow();
  });

  it('pays a voucher purchase with a voucher at once, and shows the spending on the voucher', async () => {
    const voucher = await give(shop, 500_000);
    const api = shop.ctx.client('cz');
    const { order } = await api.voucherOrderCreate({
      productVariant: CZECH,
      voucherValue: CZK(1000),
      paymentRequest: { voucherCodes: [voucher.code] },
      order: ORDER_FORM,
    });
    expect(order?.status).toBe(OrderStatus.PAID);
    const detail = await api.voucherDetail({ productVariant: CZECH, lookup: { case: 'voucherId', value: { id: voucher.id } } });
    expect(detail.voucher?.available?.units).toBe(4000n);
    expect(detail.voucher?.spendings).toEqual([
      expect.objectContaining({ orderNumber: order?.orderNumber, voucherUsage: expect.objectContaining({ units: 1000n }) }),
    ]);
  });

  it('lets one of three voucher purchases racing for the same voucher have it; the others are told, not failed', async () => {
    const voucher = await give(shop, 100_000);
    const api = shop.ctx.client('cz');
    const buy = () => api.voucherOrderCreate({ productVariant: CZECH, voucherValue: CZK(1000), paymentRequest: { voucherCodes: [voucher.code] }, order: ORDER_FORM });
    const results = await Promise.allSettled([buy(), buy(), buy()]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const refused of results.filter((r) => r.status === 'rejected')) expect(await errorCode(Promise.reject(refused.reason))).toBe('voucher_balance_changed');
  });

  it('shows a voucher only on a site of its currency, by id as by code', async () => {
    const voucher = await give(shop, 50_000);
    const polish = { product: 2, lang: 2, currency: 2 } as const;
    const pl = shop.ctx.client('pl');
    expect(await errorCode(pl.voucherDetail({ productVariant: polish, lookup: { case: 'voucherId', value: { id: voucher.id } } }))).toBe('voucher_not_found');
    expect(await errorCode(pl.voucherDetail({ productVariant: polish, lookup: { case: 'voucherCode', value: voucher.code } }))).toBe('voucher_not_found');
    expect(await errorCode(shop.ctx.client('cz').voucherDetail({ productVariant: CZECH, lookup: { case: 'voucherId', value: { id: 'not-a-uuid' } } }))).toBe('voucher_not_found');
  });

  it('releases the held value when an unpaid order expires, and tells the customer', async () => {
    const voucher = await give(shop, 40_000);
    const api = shop.ctx.client('cz');
    const { order } = await api.voucherOrderCreate({
      productVariant: CZECH,
      voucherValue: CZK(1000),
      paymentRequest: { voucherCodes: [voucher.code], lastPayment: { methodId: { id: 'transfer' } } },
      order: ORDER_FORM,
    });
    const held = await shop.handle.db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
    expect(held[0]?.balance).toBe(0);
    const [row] = await shop.handle.db.select().from(orders).where(eq(orders.id, order!.orderId!.id));
    shop.ctx.setNow(new Date(row!.payBy.getTime() + 1_000));
    expect(await expireUnpaidOrders(shop.ctx.services)).toBe(1);
    expect(await expireUnpaidOrders(shop.ctx.services)).toBe(0);
    const released = await shop.handle.db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
    expect(released[0]?.balance).toBe(40_000);
    const detail = await api.orderDetail({ productVariant: CZECH, orderId: order!.orderId });
    expect((detail.order.value as { status: OrderStatus }).status).toBe(OrderStatus.CANCELLED_AUTOMATICALLY);
    expect((await shop.outbox()).map((m) => m.eventKey)).toContain(`order-cancelled-unpaid:${order!.orderId!.id}`);
  });

  it('derives the state from balance and dates: valid, expiring soon, expired, used', async () => {
    const api = shop.ctx.client('cz');
    const voucher = await give(shop, 10_000, 6);
    const state = async () => (await api.voucherDetail({ productVariant: CZECH, lookup: { case: 'voucherId', value: { id: voucher.id } } })).voucher?.state;
    expect(await state()).toBe(VoucherState.VALID);
    shop.ctx.setNow(new Date(voucher.validTo.getTime() - 10 * 86_400_000));
    expect(await state()).toBe(VoucherState.EXPIRES_SOON);
    shop.ctx.setNow(new Date(voucher.validTo.getTime() + 1));
    expect(await state()).toBe(VoucherState.EXPIRED);
    await shop.handle.db.execute(sql`UPDATE vouchers SET balance = 0 WHERE id = ${voucher.id}`);
    expect(await state()).toBe(VoucherState.USED);
  });

  it('limits codes that match nothing per client; a malformed code costs nothing and says so', async () => {
    const api = shop.ctx.client('cz', '203.0.113.50');
    const failures: (string | undefined)[] = [];
    for (let i = 0; i < 24; i++) {
      try {
        await api.voucherDetail({ productVariant: CZECH, lookup: { case: 'voucherCode', value: i % 2 ? `1234 56${String(i).padStart(2, '0')}` : 'not a code' } });
      } catch (error) {
        failures.push(ConnectError.from(error).findDetails(ErrorDetailSchema)[0]?.code);
      }
    }
    expect(failures.filter((_, i) => i % 2 === 0)).toEqual(Array(12).fill('invalid_voucher_code'));
    // Beyond the address's budget a proof of work is asked for (server/security/step-up.ts), which this caller never sends.
    expect(failures.filter((_, i) => i % 2 === 1)).toEqual([...Array(10).fill('voucher_not_found'), 'challenge_required', 'challenge_required']);
    // Another client still has its own budget.
    const other = shop.ctx.client('cz', '203.0.113.51');
    await expect(other.voucherDetail({ productVariant: CZECH, lookup: { case: 'voucherCode', value: '99999999' } })).rejects.toThrow(/voucher_not_found|not_found/);
  });
});
