import { randomInt, randomUUID } from 'node:crypto';
import { localizedPath } from '@/lib/i18n/pathnames';
import { VARIANT_JSON } from './seed.mts';
import type { Client } from './traffic-client.mts';

/** Hotels of the Booking.com simulator's catalogue that the Czech site sells (sandbox/booking/catalogue.ts). */
export const CZECH_HOTELS = [
  { id: '1120301', slug: 'vltava-riverside-prague', name: 'Hotel Vltava Riverside' },
  { id: '1120748', slug: 'aparthotel-karlin', name: 'Aparthotel Karlín' },
  { id: '1120415', slug: 'spilberk-garden-brno', name: 'Hotel Špilberk Garden' },
  { id: '1120522', slug: 'pension-u-vltavy-cesky-krumlov', name: 'Pension U Vltavy' },
  { id: '1120637', slug: 'horska-bouda-snezka', name: 'Horská bouda Sněžka' },
  { id: '1120904', slug: 'hotel-horni-namesti-olomouc', name: 'Hotel Horní náměstí' },
];
export const PRODUCT = VARIANT_JSON.cz;
/** Answers a visitor meets by design when others took the last room or the price moved: the page shows them. */
const CONTENTION = ['too_many_units', 'price_changed', 'accommodation_unavailable', 'hotel_unavailable'];
const BUYER = {
  firstName: 'Jana',
  lastName: 'Nováková',
  email: 'traffic@example.cz',
  mobile: '+420 123 456 789',
  contactAddress: { streetAddress: 'Vodičkova 12', city: 'Praha', country: 'CZ', postalCode: '110 00' },
  agreeCp: true,
  agreeTac: true,
};
/** How long a visitor waits on the status page for the payment and the booking before giving up. */
const SETTLE_MS = 180_000;
/** The status page re-reads itself every 4 s (components/order/status-poller.tsx). */
const POLL_MS = 4_000;

export const pick = <T,>(list: readonly T[]): T => list[randomInt(list.length)]!;
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A hotel link as a visitor copies it from Booking.com (sometimes with the dates they looked at). */
export function hotelLink(hotel = pick(CZECH_HOTELS), withDates = false): string {
  if (!withDates) return `https://www.booking.com/hotel/cz/${hotel.slug}.cs.html`;
  const checkIn = day(20 + randomInt(300));
  return `https://www.booking.com/hotel/cz/${hotel.slug}.cs.html?checkin=${checkIn}&checkout=${addDays(checkIn, 1 + randomInt(3))}&group_adults=2`;
}
export const orderPagePath = (link: string) => `${localizedPath('cs', '/order')}?url=${encodeURIComponent(link)}`;

interface Availability {
  availabilityId: { id: string };
  hotelAvailability: { rooms: { products: { productId: { id: string }; fitsOccupancy?: boolean; orderability?: { isAvailable?: boolean } }[] }[] };
}
interface Payment {
  gateway?: { type: string; url: string };
  bankTransfer?: { variableSymbol: string };
  value: { currencyCode: string; units?: string; nanos?: number };
}
interface HotelOrderView {
  orderId: { id: string };
  status?: string;
  booking?: { bookingStatus?: string };
  payments: Payment[];
  documents?: { type?: string; url: string }[];
}

/** How far into the funnel a visitor goes, out of 100 who start it (the design peak: 20 orders a minute of 100 starts). */
const FUNNEL = { rooms: 70, reservation: 50, order: 20 };

/**
 * A visitor through the funnel as the pages make it in a browser: home page, the link form (the
 * page reads the link on the server), the rooms (the stay form asks for availability), the
 * reservation page, the order paid by card at the simulated gateway or by bank transfer at the
 * sandbox bank, the status page polled until the order is paid and booked, and the invoice.
 * Most visitors leave on the way, as they do.
 */
export async function funnelVisitor(client: Client): Promise<void> {
  const depth = randomInt(100);
  await client.page('home page', '/');
  const hotel = pick(CZECH_HOTELS);
  const html = await client.page('link form', orderPagePath(hotelLink(hotel)));
  if (html.includes('id="hotel-link-error"') || !html.includes(hotel.name)) client.refuse('link form', 'the page did not read the link');
  if (depth >= FUNNEL.rooms) return;
  const checkIn = day(20 + randomInt(330));
  const availability = await client.rpc<Availability>('rooms', 'HotelAvailability', {
    productVariant: PRODUCT,
    bySpecification: { hotelRequest: { hotelId: { id: hotel.id }, checkIn, checkOut: addDays(checkIn, 1 + randomInt(3)), rooms: 1, adults: 2 } },
  }, { expected: CONTENTION });
  if ('refused' in availability) return;
  const products = availability.hotelAvailability.rooms.flatMap((room) => room.products).filter((p) => p.orderability?.isAvailable && p.fitsOccupancy);
  if (depth >= FUNNEL.reservation || products.length === 0) return;
  const chosen = { availabilityId: availability.availabilityId, productIds: [pick(products).productId] };
  const first = await client.rpc<{ previewId: { id: string } }>('preview', 'HotelOrderPreview', {
    productVariant: PRODUCT,
    bySpecification: chosen,
    paymentRequest: { lastPayment: { methodId: { id: 'payment_card' } } },
  }, { expected: CONTENTION });
  if ('refused' in first) return;
  const reservation = await client.page('reservation page', localizedPath('cs', '/order/reservation/[orderId]', { orderId: first.previewId.id }));
  if (!reservation.includes('Vaše rezervace')) client.refuse('reservation page', 'the page did not show the reservation');
  if (depth >= FUNNEL.order) return;
  const byCard = randomInt(2) === 0;
  const paymentRequest = { lastPayment: { methodId: { id: byCard ? 'payment_card' : 'transfer' } } };
  const priced = await client.rpc<{ previewId: { id: string } }>('preview', 'HotelOrderPreview', { productVariant: PRODUCT, byId: { previewId: first.previewId }, paymentRequest }, { expected: CONTENTION });
  if ('refused' in priced) return;
  const created = await client.rpc<{ order: HotelOrderView }>('order', 'HotelOrderCreate', { productVariant: PRODUCT, previewId: priced.previewId, paymentRequest, order: BUYER }, {
    expected: CONTENTION,
    headers: { 'idempotency-key': randomUUID() },
  });
  if ('refused' in created) return;
  const orderId = created.order.orderId.id;
  if (byCard) await payByCard(client, created.order.payments);
  else await payByTransfer(client, created.order.payments);
  await client.page('status page', localizedPath('cs', '/order/accommodation/[orderId]', { orderId }));
  const settled = await waitUntilSettled(client, orderId);
  if (!settled) return;
  const invoice = settled.documents?.find((d) => d.url.endsWith('/invoice.pdf'));
  if (!invoice) client.refuse('invoice', 'a paid order lists no invoice');
  const pdf = await client.send('invoice', new URL(invoice.url).pathname);
  client.mustBeFine('invoice', pdf, [200]);
}

/** The customer pays at ČSOB's simulated card page and comes back to the site. */
async function payByCard(client: Client, payments: Payment[]): Promise<void> {
  for (const payment of payments) {
    if (!payment.gateway) continue;
    const type = payment.gateway.type.replace('GATEWAY_TYPE_', '').toLowerCase();
    // A benefit gateway's page is …/pay/{id}; ČSOB's is …/payment/process/{merchant}/{payId}/{dttm}/{signature}.
    const id = /\/pay\/([^/?#]+)/.exec(payment.gateway.url)?.[1] ?? /\/payment\/process\/[^/]+\/([^/]+)\//.exec(payment.gateway.url)?.[1];
    if (!id) client.refuse('payment', `no gateway payment id in ${payment.gateway.url}`);
    const paid = await client.send('payment at the gateway', `/sandbox/api/gateways/${type}/payments/${id}/pay`, { method: 'POST' });
    client.mustBeFine('payment at the gateway', paid, [200]);
    const target = JSON.parse(paid.text) as { returnUrl: string; returnMethod?: string; returnFields?: Record<string, string> };
    const back = new URL(target.returnUrl);
    const post = target.returnMethod?.toUpperCase() === 'POST';
    const returned = await client.send('return from the gateway', `${back.pathname}${back.search}`, {
      method: post ? 'POST' : 'GET',
      ...(post ? { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(target.returnFields ?? {}).toString() } : {}),
    });
    client.mustBeFine('return from the gateway', returned, [302, 303]);
  }
}

/** The customer sends the transfer from their bank (the sandbox bank, which the worker reads every few seconds). */
async function payByTransfer(client: Client, payments: Payment[]): Promise<void> {
  const payment = payments.find((p) => p.bankTransfer);
  if (!payment) client.refuse('payment', 'a transfer order without transfer details');
  const sent = await client.send('bank transfer', '/sandbox/api/bank/transfers', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ variableSymbol: payment.bankTransfer!.variableSymbol, amount: payment.value }),
  });
  client.mustBeFine('bank transfer', sent, [201]);
}

/**
 * The status page's polls until the order is paid and booked; undefined when Booking.com could
 * not book it after all (the order is refunded: an answer of the product, not a refusal).
 */
async function waitUntilSettled(client: Client, orderId: string): Promise<HotelOrderView | undefined> {
  const until = Date.now() + SETTLE_MS;
  for (;;) {
    const detail = await client.rpc<{ hotelOrder?: HotelOrderView }>('status poll', 'OrderDetail', { productVariant: PRODUCT, orderId: { id: orderId } });
    if ('refused' in detail) return undefined;
    const order = detail.hotelOrder;
    if (order?.status === 'ORDER_STATUS_REFUNDED_AUTOMATICALLY') return undefined;
    if (order?.status === 'ORDER_STATUS_PAID' && order.booking?.bookingStatus === 'BOOKING_STATUS_ACTIVE') return order;
    if (Date.now() > until) client.refuse('status poll', `not paid and booked within ${SETTLE_MS / 1000} s (${order?.status}, ${order?.booking?.bookingStatus})`);
    await sleep(POLL_MS);
  }
}

/** `code` with one digit typed wrong. */
export function typo(code: string): string {
  const at = randomInt(code.length);
  const wrong = (Number(code[at]) + 1 + randomInt(9)) % 10;
  return `${code.slice(0, at)}${wrong}${code.slice(at + 1)}`;
}

/**
 * A voucher's owner checks its balance on the voucher check page: types the code with one digit
 * wrong (the site says it knows no such voucher), then right (the site shows it). The owner's
 * own voucher not shown (held, or any refusal) counts as refused.
 */
export async function voucherOwner(client: Client, code: string): Promise<void> {
  await client.page('voucher check page', localizedPath('cs', '/voucher-status'));
  const wrong = await client.rpc('voucher typo', 'VoucherDetail', { productVariant: PRODUCT, voucherCode: typo(code) }, { expected: ['voucher_not_found'] });
  if (!('refused' in wrong)) client.refuse('voucher typo', 'a code with a wrong digit found a voucher');
  const right = await client.rpc<{ voucher: { code?: string } }>('voucher check', 'VoucherDetail', { productVariant: PRODUCT, voucherCode: code }, { expected: [] });
  if ('refused' in right) client.refuse('voucher check', right.refused);
}
