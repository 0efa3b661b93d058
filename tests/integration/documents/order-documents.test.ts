import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OrderDocumentType, OrderStatus } from '@/gen/dzb/v1/order_pb';
import { formatMoney } from '@/lib/money';
import { bookHotelOrder } from '@/server/orders/hotel/book';
import { refundPayment } from '@/server/payments/refunds';
import { HAS_PDFTOTEXT, PDFTOTEXT_MISSING, pdfText } from '../../support/pdf-text';
import { cancel, compensations, detail, mails } from '../hotel-orders/cancellation-support';
import { HOTELS, openHotelShop, orderByTransfer, payByTransfer, type PortalProbe } from '../hotel-orders/support';
import { databaseKinds } from '../support/databases';
import type { Shop } from '../support/shop';

const SLOW = 90_000;
const TYPE = { [OrderDocumentType.INVOICE]: 'invoice', [OrderDocumentType.CREDIT_NOTE]: 'credit_note', [OrderDocumentType.BOOKING_CONFIRMATION]: 'booking', [OrderDocumentType.VOUCHER]: 'voucher' } as Record<number, string>;
const czk = (minor: number) => formatMoney(minor, 'CZK', 'cs', { decimals: 'always' }).replace(/[\u00a0\u202f]/g, ' ');
const oneLine = (text: string) => text.replace(/\s+/g, ' ');

/**
 * The documents an order's page lists follow what became of the order (#33 point 13): a booked
 * stay has its invoice and booking confirmation; a stay that could not be booked and was refunded
 * has its invoice corrected by a credit note listing what went back, and no confirmation; a
 * cancelled stay has its compensation voucher instead of a confirmation that no longer holds.
 * Every listed document downloads; the PDFs are read with pdftotext.
 */
describe.skipIf(!HAS_PDFTOTEXT).each(databaseKinds())(`an order's documents by its state, on %s${PDFTOTEXT_MISSING}`, (kind) => {
  let shop: Shop & { probe: PortalProbe };
  beforeEach(async () => {
    shop = await openHotelShop(kind);
  });
  afterEach(() => shop.close());

  const listed = async (orderId: string) => (await detail(shop, orderId)).documents.map((d) => ({ type: TYPE[d.type], url: d.url }));
  async function download(url: string): Promise<string> {
    const { pathname } = new URL(url);
    const response = await shop.http(new Request(`http://localhost${pathname}`));
    expect(response.status, url).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    return pdfText(Buffer.from(await response.arrayBuffer()));
  }
  const file = (url: string) => url.slice(url.lastIndexOf('/') + 1);

  it(
    'a booked stay: invoice and confirmation, and the e-mail and the PDF say cancelling gives a voucher, not money; once cancelled: invoice and the compensation voucher',
    async () => {
      const { order } = await orderByTransfer(shop, HOTELS.prague);
      const orderId = order.orderId!.id;
      expect(await listed(orderId)).toEqual([]);
      await payByTransfer(shop, order);
      await bookHotelOrder(shop.ctx.services, orderId);
      const booked = await listed(orderId);
      expect(booked.map((d) => [d.type, file(d.url)])).toEqual([
        ['invoice', 'invoice.pdf'],
        ['booking', 'booking.pdf'],
      ]);
      const confirmation = oneLine(await download(booked[1]!.url));
      expect(confirmation).toMatch(/Do \d{1,2}\. \d{1,2}\. 2026 \d{1,2}:\d{2} \(českého času\) lze zrušit za dárkový poukaz na celou zaplacenou částku/);
      expect(confirmation).not.toContain('zdarma');
      const [bookedMail] = await mails(shop, `hotel-booked:${orderId}`);
      expect(bookedMail!.text).toMatch(/lze zrušit za dárkový poukaz na celou zaplacenou částku/);
      expect(bookedMail!.text).not.toContain('Zrušení zdarma');

      expect(await cancel(shop, orderId)).toBe('ok');
      const [voucher] = await compensations(shop, orderId);
      const cancelled = await listed(orderId);
      expect(cancelled.map((d) => [d.type, file(d.url)])).toEqual([
        ['invoice', 'invoice.pdf'],
        ['voucher', `voucher-${voucher!.id}.pdf`],
      ]);
      expect(oneLine(await download(cancelled[1]!.url))).toContain(voucher!.code.replace(/^(\d{4})(\d{4})$/, '$1 $2'));
    },
    SLOW,
  );

  it(
    'a stay that could not be booked: the invoice, corrected by a credit note of every refund, and no confirmation',
    async () => {
      const { order } = await orderByTransfer(shop, HOTELS.createFails);
      const orderId = order.orderId!.id;
      await payByTransfer(shop, order);
      await bookHotelOrder(shop.ctx.services, orderId);
      const failed = await detail(shop, orderId);
      expect(failed.status).toBe(OrderStatus.REFUNDED_AUTOMATICALLY);
      // The refund is asked for but not back yet: nothing to correct so far.
      expect((await listed(orderId)).map((d) => d.type)).toEqual(['invoice']);
      const creditNoteUrl = (await listed(orderId))[0]!.url.replace('invoice.pdf', 'credit-note.pdf');
      expect((await shop.http(new Request(`http://localhost${new URL(creditNoteUrl).pathname}`))).status).toBe(404);

      await refundPayment(shop.ctx.services, failed.payments[0]!.paymentId!.id, 'booking_failed');
      const refunded = await listed(orderId);
      expect(refunded.map((d) => [d.type, file(d.url)])).toEqual([
        ['invoice', 'invoice.pdf'],
        ['credit_note', 'credit-note.pdf'],
      ]);
      const total = Number(failed.total!.units) * 100 + failed.total!.nanos / 10_000_000;
      const note = await download(refunded[1]!.url);
      const text = oneLine(note);
      expect(text).toContain(`Opravný daňový doklad č. D${failed.orderNumber}`);
      expect(text).toMatch(new RegExp(`Opravuje fakturu č\\. ${failed.orderNumber} ze dne \\d`));
      expect(text).toContain('Důvod opravy: ubytování se nepodařilo zarezervovat, zaplacené peníze vracíme');
      // The stay's line taken back, the total negative, and the refund with its method.
      expect(note).toMatch(new RegExp(`^\\s*Celkem\\s+-${czk(total).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`, 'm'));
      expect(text).toContain(`Vráceno Bankovní převod: -${czk(total)}, vráceno`);
      expect(text).not.toContain('Neplaťte ji prosím znovu');
      // The invoice itself still downloads: the credit note corrects it.
      expect(oneLine(await download(refunded[0]!.url))).toContain(`Faktura – daňový doklad č. ${failed.orderNumber}`);
    },
    SLOW,
  );
});
