import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/databases';
import { giveVoucher } from '../support/vouchers';
import { CZECH, CZK, openShop, ORDER_FORM, type Shop } from '../support/shop';
import { attacker, PRODUCT, VALUE } from './support';

/**
 * Someone holds a voucher code (found, shared, bought second hand) and tries to reach the orders
 * of the people who bought or spent it: an order id is the bearer key of an order's page.
 */
describe.each(databaseKinds())('a voucher code holder, on %s', (kind) => {
  let shop: Shop;
  let call: ReturnType<typeof attacker>;
  beforeAll(async () => {
    shop = await openShop(kind);
    call = attacker(shop);
  });
  afterAll(() => shop.close());

  it('sees where the voucher went by order number and date, never an order id', async () => {
    const voucher = await giveVoucher(shop, 500_000);
    const { order } = await shop.ctx.client('cz').voucherOrderCreate({ productVariant: CZECH, voucherValue: CZK(1000), paymentRequest: { voucherCodes: [voucher.code] }, order: ORDER_FORM });
    const orderId = order!.orderId!.id;

    const detail = await call('VoucherDetail', { productVariant: PRODUCT, voucherCode: voucher.code }, '203.0.113.20');
    expect(detail.status).toBe(200);
    const text = JSON.stringify(detail.body);
    expect(text).not.toContain(orderId);
    expect(text).not.toContain(voucher.sourceOrderId);
    expect(text).not.toMatch(/orderId/);
    expect((detail.body.voucher as { spendings: unknown[] }).spendings).toEqual([
      expect.objectContaining({ orderNumber: order!.orderNumber, orderDate: expect.any(String) }),
    ]);

    // The order itself answers only to its id.
    expect((await call('OrderDetail', { productVariant: PRODUCT, orderId: { id: voucher.id } }, '203.0.113.20')).code).toBe('order_not_found');
  });

  it('learns no voucher id from a preview, only what the code is worth', async () => {
    const voucher = await giveVoucher(shop, 200_000);
    const preview = await call(
      'VoucherOrderPreview',
      { productVariant: PRODUCT, voucherValue: VALUE, paymentRequest: { voucherCodes: [voucher.code], lastPayment: { methodId: { id: 'payment_card' } } } },
      '203.0.113.21',
    );
    expect(preview.status).toBe(200);
    const text = JSON.stringify(preview.body);
    expect(text).not.toContain(voucher.id);
    expect(text).not.toMatch(/voucherId/);
    expect(text).toContain(voucher.code);
  });
});
