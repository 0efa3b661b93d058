import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { orders } from '@/server/db/schema/orders';
import { operatorAudit } from '@/server/db/schema/operators';
import { bankTransfers, payments } from '@/server/db/schema/payments';
import { needsAttention } from '@/server/operators/attention';
import { importBankTransfers } from '@/server/payments/bank-import';
import { signedInOperator } from '../support/console-browser';
import { databaseKinds } from '../support/databases';
import { CZECH, CZK, openShop, ORDER_FORM, type Shop } from '../support/shop';

describe.each(databaseKinds())('a transfer matched to an order by hand, on %s', (kind) => {
  let shop: Shop;
  beforeEach(async () => {
    shop = await openShop(kind);
  });
  afterEach(() => shop.close());


  it('lets finance pay a waiting order with money that came under a wrong symbol, once, and the order goes on', async () => {
    const { order } = await shop.ctx.client('cz').voucherOrderCreate({
      productVariant: CZECH,
      voucherValue: CZK(1000),
      paymentRequest: { lastPayment: { methodId: { id: 'transfer' } } },
      order: ORDER_FORM,
    });
    const [payment] = await shop.handle.db.select().from(payments).where(eq(payments.ownerId, order!.orderId!.id));
    // The customer wrote a wrong variable symbol, then sent a second transfer short by a crown.
    await shop.transfer('1234567890', payment!.amount);
    await shop.transfer('1234567891', payment!.amount - 100);
    await importBankTransfers(shop.ctx.services);
    const items = await needsAttention(shop.ctx.services);
    expect(items.map((item) => [item.kind, item.orderNumber, item.facts.symbol, item.facts.outcome])).toEqual([
      ['transfer_unmatched', null, '1234567890', 'unknown_symbol'],
      ['transfer_unmatched', null, '1234567891', 'unknown_symbol'],
    ]);
    const [right, short] = items;

    const support = await signedInOperator(shop, 'support@example.cz', 'support');
    expect(await (await support.request('/console')).text()).toContain('and paid nothing: no payment has this variable symbol.');
    expect((await support.request(`/console/transfers/match?bank=${right!.id}`)).status).toBe(403);

    const finance = await signedInOperator(shop, 'finance@example.cz', 'finance');
    const shortForm = await finance.hiddenFields(`/console/transfers/match?bank=${encodeURIComponent(short!.id)}`);
    const refused = await finance.submit('/console/transfers/match', { ...shortForm, number: order!.orderNumber, reason: 'The customer called.' });
    expect([refused.status, (await refused.text()).includes('no bank-transfer payment waiting for exactly this amount')]).toEqual([400, true]);

    const fields = await finance.hiddenFields(`/console/transfers/match?bank=${encodeURIComponent(right!.id)}`);
    expect((await finance.submit('/console/transfers/match', { ...fields, number: order!.orderNumber, reason: '' })).status).toBe(400);
    const matched = await finance.submit('/console/transfers/match', { ...fields, number: order!.orderNumber, reason: 'The order number was in the message.' });
    expect([matched.status, matched.headers.get('location')]).toEqual([303, `/console/orders?number=${order!.orderNumber}&matched`]);
    expect((await finance.submit('/console/transfers/match', { ...fields, number: order!.orderNumber, reason: 'Twice.' })).status).toBe(303);

    const [paid] = await shop.handle.db.select().from(payments).where(eq(payments.id, payment!.id));
    expect([paid!.status, paid!.payerAccount]).toEqual(['PAID', expect.any(String)]);
    const [paidOrder] = await shop.handle.db.select().from(orders).where(eq(orders.id, order!.orderId!.id));
    expect(paidOrder!.status).toBe('PAID');
    const [line] = await shop.handle.db.select().from(bankTransfers).where(eq(bankTransfers.bankId, right!.id));
    expect([line!.outcome, line!.paymentId]).toEqual(['paid', payment!.id]);
    expect((await needsAttention(shop.ctx.services)).map((item) => item.id)).toEqual([short!.id]);
    expect(await shop.handle.db.select({ reason: operatorAudit.reason }).from(operatorAudit).where(eq(operatorAudit.action, 'transfer-matched'))).toEqual([
      { reason: 'The order number was in the message.' },
    ]);
    const page = await (await finance.request(`/console/orders?number=${order!.orderNumber}&matched`)).text();
    expect(page).toContain('The transfer paid the order.');
    expect(page).toContain('Payment by transfer: WAITING → PAID, by bank');
    expect(page).toContain('finance@example.cz: transfer-matched (“The order number was in the message.”)');
  });
});
