import { Code, ConnectError } from '@connectrpc/connect';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OrderStatus } from '@/gen/dzb/v1/order_pb';
import { PaymentStatus } from '@/gen/dzb/v1/payment_pb';
import { VoucherState } from '@/gen/dzb/v1/voucher_pb';
import { vouchers } from '@/server/db/schema/vouchers';
import { issuePurchasedVoucher } from '@/server/orders/voucher/issue';
import { importBankTransfers } from '@/server/payments/bank-import';
import { databaseKinds } from '../support/databases';
import { CZECH, CZK, errorCode, openShop, ORDER_FORM, type Shop } from '../support/shop';

describe.each(databaseKinds())('buying a voucher, on %s', (kind) => {
  let shop: Shop;
  beforeEach(async () => {
    shop = await openShop(kind);
  });
  afterEach(() => shop.close());

  it('by bank transfer: order received with QR, the transfer pays it, the voucher is issued once and e-mailed as a PDF', async () => {
    const api = shop.ctx.client('cz');
    const { order } = await api.voucherOrderCreate({
      productVariant: CZECH,
      voucherValue: CZK(3000),
      paymentRequest: { lastPayment: { methodId: { id: 'transfer' } } },
      order: ORDER_FORM,
    });
    expect(order?.status).toBe(OrderStatus.WAITING);
    expect(order?.orderNumber).toMatch(/^2026\d{6}$/);
    const payment = order!.payments[0]!;
    expect(payment.bankTransfer?.accountIban).toBe('CZ65 0800 0000 1920 0014 5399');
    expect(payment.qrCode?.image).toMatch(/^data:image\/png;base64,/);
    expect(await shop.outbox()).toEqual([
      expect.objectContaining({ eventKey: `order-received:${order!.orderId!.id}`, to: 'jana.novakova@example.cz', attachments: ['qr-platba.png'] }),
    ]);

    await shop.transfer(payment.bankTransfer!.variableSymbol, 300_000);
    expect(await importBankTransfers(shop.ctx.services)).toBe(1);
    // Reading the statement again pays nothing twice.
    expect(await importBankTransfers(shop.ctx.services)).toBe(0);

    const paid = await api.orderDetail({ productVariant: CZECH, orderId: order!.orderId });
    expect(paid.order.case).toBe('voucherOrder');
    const voucherOrder = paid.order.value as NonNullable<typeof order>;
    expect(voucherOrder.status).toBe(OrderStatus.PAID);
    expect(voucherOrder.payments[0]?.status).toBe(PaymentStatus.PAID);

    await issuePurchasedVoucher(shop.ctx.services, order!.orderId!.id);
    await issuePurchasedVoucher(shop.ctx.services, order!.orderId!.id);
    const issued = await shop.handle.db.select().from(vouchers);
    expect(issued).toHaveLength(1);
    expect(issued[0]).toMatchObject({ total: 300_000, balance: 300_000, currency: 'CZK', code: expect.stringMatching(/^\d{8}$/) });
    const mails = await shop.outbox();
    expect(mails.map((m) => m.eventKey)).toEqual([
      `order-received:${order!.orderId!.id}`,
      `order-paid:${order!.orderId!.id}`,
      `voucher-issued:${issued[0]!.id}`,
    ]);
    expect(mails[2]?.attachments).toEqual([`voucher-${issued[0]!.code}.pdf`]);

    const detail = await api.voucherDetail({ productVariant: CZECH, lookup: { case: 'voucherCode', value: issued[0]!.code } });
    expect(detail.voucher?.state).toBe(VoucherState.VALID);
    expect(detail.voucher?.available?.units).toBe(3000n);
  });

  it('records a transfer with the wrong amount without paying the order', async () => {
    const api = shop.ctx.client('cz');
    const { order } = await api.voucherOrderCreate({
      productVariant: CZECH,
      voucherValue: CZK(1000),
      paymentRequest: { lastPayment: { methodId: { id: 'transfer' } } },
      order: ORDER_FORM,
    });
    await shop.transfer(order!.payments[0]!.bankTransfer!.variableSymbol, 99_900);
    expect(await importBankTransfers(shop.ctx.services)).toBe(0);
    const rows = await shop.handle.db.execute(sql`SELECT outcome FROM bank_transfers`);
    expect((rows as unknown as { rows: { outcome: string }[] }).rows).toEqual([{ outcome: 'wrong_amount' }]);
    const again = await api.orderDetail({ productVariant: CZECH, orderId: order!.orderId });
    expect((again.order.value as { status: OrderStatus }).status).toBe(OrderStatus.WAITING);
  });

  it('refuses bad input with its catalogue code and stores nothing', async () => {
    const api = shop.ctx.client('cz');
    const base = { productVariant: CZECH, paymentRequest: { lastPayment: { methodId: { id: 'transfer' } } }, order: ORDER_FORM };
    expect(await errorCode(api.voucherOrderCreate({ ...base, voucherValue: CZK(10) }))).toBe('invalid_voucher_value');
    expect(await errorCode(api.voucherOrderCreate({ ...base, voucherValue: { currencyCode: 'PLN', units: 1000n, nanos: 0 } }))).toBe('currency_mismatch');
    expect(await errorCode(api.voucherOrderCreate({ ...base, voucherValue: CZK(1000), order: { ...ORDER_FORM, email: 'nope' } }))).toBe('invalid_request');
    expect(await errorCode(api.voucherOrderCreate({ ...base, voucherValue: CZK(1000), order: { ...ORDER_FORM, agreeTac: false } }))).toBe('invalid_request');
    expect(await errorCode(api.voucherOrderCreate({ ...base, voucherValue: CZK(1000), paymentRequest: { lastPayment: { methodId: { id: 'mybenefit' } } } }))).toBe(
      'payment_method_not_allowed',
    );
    const counted = await shop.handle.db.execute(sql`SELECT count(*)::int AS n FROM orders`);
    expect((counted as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });

  it('does not sell vouchers on the Polish site unless the operator enables it', async () => {
    const polish = { product: 2, lang: 2, currency: 2 } as const;
    expect(
      await errorCode(
        shop.ctx.client('pl').voucherOrderPreview({
          productVariant: polish,
          voucherValue: { currencyCode: 'PLN', units: 1000n, nanos: 0 },
          paymentRequest: { lastPayment: { methodId: { id: 'transfer' } } },
        }),
      ),
    ).toBe('vouchers_not_sold');
  });

  it('answers a repeated create with the same idempotency key once, and refuses the key for another body', async () => {
    const api = shop.ctx.client('cz');
    const request = { productVariant: CZECH, voucherValue: CZK(1000), paymentRequest: { lastPayment: { methodId: { id: 'transfer' } } }, order: ORDER_FORM };
    const headers = { 'idempotency-key': 'form-submission-0001' };
    const [first, second] = await Promise.all([
      api.voucherOrderCreate(request, { headers }).catch((e: unknown) => e),
      api.voucherOrderCreate(request, { headers }).catch((e: unknown) => e),
    ]);
    const answers = [first, second];
    const orders = answers.filter((a) => !(a instanceof Error));
    expect(orders.length).toBeGreaterThanOrEqual(1);
    for (const failure of answers.filter((a) => a instanceof Error)) {
      expect(ConnectError.from(failure).code).toBe(Code.Aborted);
    }
    const third = await api.voucherOrderCreate(request, { headers });
    expect(third.order?.orderId?.id).toBe((orders[0] as typeof third).order?.orderId?.id);
    expect(await errorCode(api.voucherOrderCreate({ ...request, voucherValue: CZK(2000) }, { headers }))).toBe('idempotency_key_reused');
    const counted = await shop.handle.db.execute(sql`SELECT count(*)::int AS n FROM orders`);
    expect((counted as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
  });
});
