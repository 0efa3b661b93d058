import { fromBinary } from '@bufbuild/protobuf';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorDetailSchema } from '@/gen/dzb/v1/common_pb';
import { renderedDocuments } from '@/server/db/schema/documents';
import { mailAttachments, mailOutbox } from '@/server/db/schema/mail';
import { bookHotelOrder } from '@/server/orders/hotel/book';
import { HAS_PDFTOTEXT, pdfText } from '../../support/pdf-text';
import { cancel, compensations } from '../hotel-orders/cancellation-support';
import { HOTELS, orderByTransfer, payByTransfer } from '../hotel-orders/support';
import { databaseKinds } from '../support/databases';
import { openShop, type Shop } from '../support/shop';

/** Each case books a real order on a real database, beside other test files (a loaded machine takes minutes). */
const SLOW = 180_000;

/**
 * The PDFs of an order as the e-mailed links fetch them: rendered once per version and then
 * served from storage, the same bytes as the e-mail's attachments, with an ETag; a render that
 * cannot start soon is refused with 503 and Retry-After, never a 500.
 */
describe.each(databaseKinds())('stored documents, on %s', (kind) => {
  let shop: Shop;
  afterEach(() => shop.close());

  /** A stay paid by transfer and booked: the booking e-mail carries the invoice and the confirmation. */
  async function bookedOrder(env: Record<string, string> = {}) {
    shop = await openShop(kind, env);
    const { order } = await orderByTransfer(shop, HOTELS.prague);
    await payByTransfer(shop, order);
    const orderId = order.orderId!.id;
    await bookHotelOrder(shop.ctx.services, orderId);
    return { orderId, number: order.orderNumber };
  }

  const download = (orderId: string, file: string, headers: Record<string, string> = {}) =>
    shop.http(new Request(`http://localhost/api/orders/${orderId}/documents/${file}`, { headers }));
  const renders = () => shop.ctx.services.renders.stats();
  const stored = (ownerId: string) => shop.handle.db.select().from(renderedDocuments).where(eq(renderedDocuments.ownerId, ownerId));

  /** The attachments of the e-mail of one business event, by file name. */
  async function attachments(eventKey: string) {
    const rows = await shop.handle.db
      .select({ fileName: mailAttachments.fileName, content: mailAttachments.content })
      .from(mailAttachments)
      .innerJoin(mailOutbox, eq(mailOutbox.id, mailAttachments.mailId))
      .where(eq(mailOutbox.eventKey, eventKey));
    return new Map(rows.map((row) => [row.fileName, Buffer.from(row.content)]));
  }

  it('renders each document once, serves the e-mailed bytes with an ETag, answers 304, and a cancellation makes a new version', async () => {
    const { orderId, number } = await bookedOrder();
    // The booking e-mail rendered the invoice and the confirmation, and stored them.
    expect(renders().started).toBe(2);
    expect((await stored(orderId)).map((row) => row.kind).sort()).toEqual(['booking_confirmation', 'invoice']);
    const mailed = await attachments(`hotel-booked:${orderId}`);

    const first = await download(orderId, 'booking.pdf');
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/pdf');
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]{32}"$/);
    const booking = Buffer.from(await first.arrayBuffer());
    expect(booking.equals(mailed.get(`booking-${number}.pdf`)!)).toBe(true);
    const invoice = await download(orderId, 'invoice.pdf');
    expect(Buffer.from(await invoice.arrayBuffer()).equals(mailed.get(`invoice-${number}.pdf`)!)).toBe(true);

    // Downloaded again, concurrently: the same bytes and version, from storage.
    const again = await Promise.all([1, 2, 3].map(() => download(orderId, 'booking.pdf')));
    for (const response of again) {
      expect(response.headers.get('etag')).toBe(etag);
      expect(Buffer.from(await response.arrayBuffer()).equals(booking)).toBe(true);
    }
    expect(renders().started).toBe(2);

    const unchanged = await download(orderId, 'booking.pdf', { 'if-none-match': `"elsewhere", ${etag}` });
    expect(unchanged.status).toBe(304);
    expect(unchanged.headers.get('etag')).toBe(etag);
    expect(await unchanged.text()).toBe('');

    // The cancellation changes what the confirmation prints: a new version, rendered once.
    expect(await cancel(shop, orderId)).toBe('ok');
    const [voucher] = await compensations(shop, orderId);
    // The cancellation e-mail rendered the compensation voucher.
    expect(renders().started).toBe(3);
    const cancelled = await download(orderId, 'booking.pdf', { 'if-none-match': etag });
    expect(cancelled.status).toBe(200);
    const newEtag = cancelled.headers.get('etag');
    expect(newEtag).not.toBe(etag);
    const confirmation = Buffer.from(await cancelled.arrayBuffer());
    if (HAS_PDFTOTEXT) expect(pdfText(confirmation)).toMatch(/Stav rezervace\s+Zrušena \d+\. listopadu 2026/);
    expect((await download(orderId, 'booking.pdf', { 'if-none-match': newEtag! })).status).toBe(304);
    expect(renders().started).toBe(4);
    // Only the newest version of a document is kept.
    const confirmations = (await stored(orderId)).filter((row) => row.kind === 'booking_confirmation');
    expect(confirmations.map((row) => `"${row.version}"`)).toEqual([newEtag]);

    // The voucher the cancellation e-mailed is the one its address serves, not rendered again.
    const voucherPdf = await download(orderId, `voucher-${voucher!.id}.pdf`);
    expect(voucherPdf.status).toBe(200);
    const mailedVoucher = (await attachments(`hotel-cancelled:${orderId}`)).get(`voucher-${voucher!.code}.pdf`)!;
    expect(Buffer.from(await voucherPdf.arrayBuffer()).equals(mailedVoucher)).toBe(true);
    expect(renders().started).toBe(4);
    expect(shop.ctx.reported).toEqual([]);
  }, SLOW);

  it('refuses downloads with 503 and Retry-After while every render is taken and the queue is full or too slow, and serves them after', async () => {
    const { orderId } = await bookedOrder({ PDF_RENDERS: '1', PDF_RENDER_QUEUE: '1', PDF_RENDER_WAIT_MS: '500' });
    // Storage emptied: every download has to render.
    await shop.handle.db.delete(renderedDocuments).where(eq(renderedDocuments.ownerId, orderId));
    const started = renders().started;

    // Something else renders meanwhile (an e-mail's PDF, held here until the test lets it go).
    let release!: () => void;
    const busy = shop.ctx.services.renders.run(() => new Promise<Buffer>((resolve) => (release = () => resolve(Buffer.alloc(0)))), 'job');
    const waiting = download(orderId, 'invoice.pdf');
    while (renders().waiting === 0) await new Promise((resolve) => setImmediate(resolve));
    // The queue is full (or, on a slow machine, the first one gave up waiting): refused, never a 500.
    const refused = await Promise.all([...Array(6)].map(() => download(orderId, 'booking.pdf')));
    const statuses = [...refused, await waiting].map((response) => response.status);
    expect(statuses).toEqual(Array(7).fill(503));
    for (const response of [...refused, await waiting]) expect(response.headers.get('retry-after')).toBe('2');
    expect(renders().started).toBe(started + 1);
    expect(await stored(orderId)).toEqual([]);

    release();
    await busy;
    expect((await download(orderId, 'invoice.pdf')).status).toBe(200);
    expect((await download(orderId, 'booking.pdf')).status).toBe(200);
    expect(renders().started).toBe(started + 3);
    expect((await stored(orderId)).map((row) => row.kind).sort()).toEqual(['booking_confirmation', 'invoice']);
    expect(shop.ctx.reported).toEqual([]);
  }, SLOW);

  it('refuses API calls and downloads beyond the in-flight limit with 503 and Retry-After at once, and takes them again after', async () => {
    const { orderId } = await bookedOrder({ MAX_IN_FLIGHT: '2', PDF_RENDERS: '1', PDF_RENDER_QUEUE: '4', PDF_RENDER_WAIT_MS: '60000' });
    await shop.handle.db.delete(renderedDocuments).where(eq(renderedDocuments.ownerId, orderId));
    let release!: () => void;
    const busy = shop.ctx.services.renders.run(() => new Promise<Buffer>((resolve) => (release = () => resolve(Buffer.alloc(0)))), 'job');
    // Two downloads wait for the render: the process has two requests in flight.
    const inFlight = [download(orderId, 'invoice.pdf'), download(orderId, 'booking.pdf')];
    while (renders().waiting < 2) await new Promise((resolve) => setImmediate(resolve));

    const version = () =>
      shop.http(new Request('http://localhost/api/dzb.v1.ApiService/Version', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }));
    const call = await version();
    expect(call.status).toBe(503);
    expect(call.headers.get('retry-after')).toBe('2');
    const body = (await call.json()) as { code: string; details: { type: string; value?: string }[] };
    expect(body.code).toBe('unavailable');
    expect(catalogueCode(body)).toBe('server_busy');
    const third = await download(orderId, 'invoice.pdf');
    expect([third.status, third.headers.get('retry-after')]).toEqual([503, '2']);

    release();
    await busy;
    expect((await Promise.all(inFlight)).map((response) => response.status)).toEqual([200, 200]);
    expect((await version()).status).toBe(200);
    expect((await download(orderId, 'invoice.pdf')).status).toBe(200);
    expect(shop.ctx.reported).toEqual([]);
  }, SLOW);
});

/** The catalogue code in a Connect error body's ErrorDetail. */
function catalogueCode(body: { details: { type: string; value?: string }[] }) {
  const detail = body.details.find((d) => d.type === ErrorDetailSchema.typeName);
  return detail?.value ? fromBinary(ErrorDetailSchema, Buffer.from(detail.value, 'base64')).code : undefined;
}
