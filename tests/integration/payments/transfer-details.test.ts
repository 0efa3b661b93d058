import { timestampDate } from '@bufbuild/protobuf/wkt';
import { eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type BankTransfer, type Payment, PaymentStatus, TransferReference } from '@/gen/dzb/v1/payment_pb';
import type { HotelOrder } from '@/gen/dzb/v1/order_pb';
import { mailOutbox } from '@/server/db/schema/mail';
import { bankTransfers } from '@/server/db/schema/payments';
import { importBankTransfers } from '@/server/payments/bank-import';
import { databaseKinds } from '../support/databases';
import { CZECH, CZK, openShop, ORDER_FORM, type Shop } from '../support/shop';

const POLISH = { product: 2, lang: 2, currency: 2 } as const;
const TRANSFER = { lastPayment: { methodId: { id: 'transfer' } } };
/** The tests' clock starts at 2026-11-22T10:00Z; a transfer is due three days later (TRANSFER_DUE_DAYS). */
const DUE = new Date('2026-11-25T10:00:00Z');
const RECIPIENT = 'Dovolená za benefity s.r.o.';

function qrText(dataUrl: string): string {
  const png = PNG.sync.read(Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64'));
  const result = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  if (!result) throw new Error('no QR code found');
  return result.data;
}

const minorOf = (payment: Payment) => Number(payment.value!.units) * 100 + payment.value!.nanos / 10_000_000;

/**
 * What the order page reads (the API's BankTransfer) and what the "order received" e-mail says
 * must be the same details in the same words: recipient, deadline and the reference the bank must
 * carry, which on the Polish site is the transfer title (in the QR code too) and still pairs.
 */
describe.each(databaseKinds())('bank transfer details, on %s', (kind) => {
  let shop: Shop;
  beforeEach(async () => {
    shop = await openShop(kind);
  });
  afterEach(() => shop.close());

  async function mailOf(orderId: string): Promise<string> {
    const [mail] = await shop.handle.db.select().from(mailOutbox).where(eq(mailOutbox.eventKey, `order-received:${orderId}`));
    if (!mail) throw new Error(`no order-received mail for ${orderId}`);
    return mail.text;
  }

  async function polishStayByTransfer() {
    const api = shop.ctx.client('pl');
    const availability = await api.hotelAvailability({
      productVariant: POLISH,
      lookup: { case: 'bySpecification', value: { hotelRequest: { hotelId: { id: '2230104' }, checkIn: '2026-12-14', checkOut: '2026-12-16', rooms: 1, adults: 2 } } },
    });
    const product = availability.hotelAvailability!.rooms.flatMap((room) => room.products).find((p) => p.orderability?.isAvailable && p.fitsOccupancy)!;
    const previewed = await api.hotelOrderPreview({
      productVariant: POLISH,
      lookup: { case: 'bySpecification', value: { availabilityId: availability.availabilityId, productIds: [product.productId!] } },
      paymentRequest: TRANSFER,
    });
    const { order } = await api.hotelOrderCreate({
      productVariant: POLISH,
      previewId: previewed.previewId,
      paymentRequest: TRANSFER,
      order: { ...ORDER_FORM, mobile: '+48 123 456 789' },
    });
    return { api, order: order! };
  }

  it('on the Polish site: the recipient, the deadline and a transfer title that is the QR code’s and the e-mail’s, and pairs the money', async () => {
    const { api, order } = await polishStayByTransfer();
    const payment = order.payments[0]!;
    const transfer = payment.bankTransfer!;
    expect(transfer).toMatchObject({
      recipientName: RECIPIENT,
      account: '61 1090 1014 0000 0712 1981 2874',
      accountIban: 'PL61 1090 1014 0000 0712 1981 2874',
      reference: TransferReference.TITLE,
      transferTitle: `Płatność ${transfer.variableSymbol}`,
    });
    expect(transfer.transferTitle).not.toMatch(/\bVS\b/);
    expect(timestampDate(transfer.dueAt!)).toEqual(DUE);
    // The QR code carries the very same title (its name field is cut to the format's 20 characters).
    const [, , nrb, , name, title] = qrText(payment.qrCode!.image).split('|');
    expect([nrb, name, title]).toEqual(['61109010140000071219812874', 'Dovolena za benefity', transfer.transferTitle]);
    // The order page reads the same details again later.
    const detail = (await api.orderDetail({ productVariant: POLISH, orderId: order.orderId })).order.value as HotelOrder;
    expect((detail.payments[0]!.bankTransfer as BankTransfer).transferTitle).toBe(transfer.transferTitle);

    const mail = await mailOf(order.orderId!.id);
    expect(mail).toContain(`Odbiorca\t${RECIPIENT}`);
    expect(mail).toContain(`Tytuł przelewu\t${transfer.transferTitle}`);
    // 11:00 in Warsaw (winter time) is when it expires: the last minute in time is 10:59.
    expect(mail).toContain('Termin płatności\t25.11.2026, 10:59 (czasu polskiego)');
    expect(mail).not.toContain('Symbol płatności');

    // A Polish bank sends the title as the payer typed it (no Polish letters, their own words added).
    await shop.transfer({ title: `PLATNOSC ${transfer.variableSymbol} zamowienie ${order.orderNumber}` }, minorOf(payment), 'PLN');
    expect(await importBankTransfers(shop.ctx.services)).toBe(1);
    const paid = (await api.orderDetail({ productVariant: POLISH, orderId: order.orderId })).order.value as HotelOrder;
    expect(paid.payments[0]!.status).toBe(PaymentStatus.PAID);
  });

  it('on the Polish site: a title without the marked reference pays nothing, even with the digits in it (support pairs it)', async () => {
    const { api, order } = await polishStayByTransfer();
    const payment = order.payments[0]!;
    // Two 10-digit numbers and no marker: which one is the reference is a guess, and we never guess.
    const title = `Zamówienie ${order.orderNumber}, ${payment.bankTransfer!.variableSymbol}`;
    await shop.transfer({ title }, minorOf(payment), 'PLN');
    expect(await importBankTransfers(shop.ctx.services)).toBe(0);
    const detail = (await api.orderDetail({ productVariant: POLISH, orderId: order.orderId })).order.value as HotelOrder;
    expect(detail.payments[0]!.status).toBe(PaymentStatus.WAITING);
    // Support finds the line with the title the payer wrote.
    const [line] = await shop.handle.db.select().from(bankTransfers).where(eq(bankTransfers.message, title));
    expect(line).toMatchObject({ outcome: 'unknown_symbol', currency: 'PLN', paymentId: null });
  });

  it('on the Czech site: the recipient, the deadline and the variable symbol, with no title to copy', async () => {
    const api = shop.ctx.client('cz');
    const { order } = await api.voucherOrderCreate({ productVariant: CZECH, voucherValue: CZK(3000), paymentRequest: TRANSFER, order: ORDER_FORM });
    const payment = order!.payments[0]!;
    const transfer = payment.bankTransfer!;
    expect(transfer).toMatchObject({
      recipientName: RECIPIENT,
      account: '19-2000145399/0800',
      accountIban: 'CZ65 0800 0000 1920 0014 5399',
      reference: TransferReference.VARIABLE_SYMBOL,
      transferTitle: '',
    });
    expect(transfer.variableSymbol).toMatch(/^\d{10}$/);
    expect(timestampDate(transfer.dueAt!)).toEqual(DUE);
    expect(qrText(payment.qrCode!.image)).toContain(`*X-VS:${transfer.variableSymbol}*`);

    const mail = await mailOf(order!.orderId!.id);
    expect(mail).toContain(`Příjemce\t${RECIPIENT}`);
    expect(mail).toContain(`Variabilní symbol\t${transfer.variableSymbol}`);
    expect(mail).toContain('Splatnost\t25. 11. 2026 10:59 (českého času)');

    // A Czech payer's message naming the order is no reference: only the variable symbol pairs.
    await shop.transfer({ title: `Objednavka ${order!.orderNumber}` }, 300_000);
    expect(await importBankTransfers(shop.ctx.services)).toBe(0);
    await shop.transfer(transfer.variableSymbol, 300_000);
    expect(await importBankTransfers(shop.ctx.services)).toBe(1);
  });
});
