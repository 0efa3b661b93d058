import { randomInt } from 'node:crypto';
import { localizedPath } from '@/lib/i18n/pathnames';
import { VARIANT_JSON } from './seed.mts';
import type { Visitor } from './soak-client.mts';

/** Hotels of the Booking.com simulator's catalogue that the Czech site sells (sandbox/booking/catalogue.ts). */
const CZECH_HOTELS = [
  { id: '1120301', slug: 'vltava-riverside-prague' },
  { id: '1120748', slug: 'aparthotel-karlin' },
  { id: '1120415', slug: 'spilberk-garden-brno' },
  { id: '1120522', slug: 'pension-u-vltavy-cesky-krumlov' },
  { id: '1120637', slug: 'horska-bouda-snezka' },
  { id: '1120859', slug: 'resort-lipno-lakeside' },
];
const CZ = { host: 'localhost', productVariant: VARIANT_JSON.cz };
const PAGES = [
  { host: 'localhost', path: '/' },
  { host: 'localhost', path: localizedPath('cs', '/how-it-works') },
  { host: 'localhost', path: localizedPath('cs', '/inspiration/[...slug]', { slug: 'cesky-krumlov-mimo-sezonu' }) },
  { host: 'localhost', path: '/partner/edenred' },
  { host: 'pl.localhost', path: '/' },
  { host: 'pl.localhost', path: localizedPath('pl', '/contact') },
  { host: 'pluxee.localhost', path: '/' },
];
const BUYER = {
  firstName: 'Jana',
  lastName: 'Nováková',
  email: 'soak@example.cz',
  mobile: '+420 123 456 789',
  contactAddress: { streetAddress: 'Vodičkova 12', city: 'Praha', country: 'CZ', postalCode: '110 00' },
  agreeCp: true,
  agreeTac: true,
};
/** Answers a visitor may meet by design when others spend the same voucher or take the last room. */
const CONTENTION = ['voucher_balance_changed', 'too_many_units', 'price_changed', 'accommodation_unavailable', 'hotel_unavailable'];

interface Money {
  currencyCode: string;
  units?: string;
  nanos?: number;
}
interface Payment {
  value: Money;
  gateway?: { type: string; url: string };
  bankTransfer?: { variableSymbol: string };
}
interface CreatedOrder {
  order: { orderId: { id: string }; payments: Payment[] };
}

/** What the soak expects of each order it created once the dust has settled. */
export interface Expected {
  orderId: string;
  kind: 'hotel' | 'voucher';
}

/** Everything the flows share: the orders to check afterwards, and the codes of vouchers issued so far. */
export class Ledger {
  readonly orders: Expected[] = [];
  readonly voucherCodes: string[] = [];
}

const pick = <T,>(list: readonly T[]): T => list[randomInt(list.length)]!;
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export async function viewPage(visitor: Visitor): Promise<void> {
  const page = pick(PAGES);
  await visitor.send('page view', page.path, { host: page.host, headers: { 'accept-language': 'cs-CZ,cs;q=0.9' }, expect: [200, 404] });
}

export async function analyseLink(visitor: Visitor): Promise<void> {
  const hotel = pick(CZECH_HOTELS);
  const checkIn = day(20 + randomInt(300));
  const url = `https://www.booking.com/hotel/cz/${hotel.slug}.html?checkin=${checkIn}&checkout=${addDays(checkIn, 1 + randomInt(3))}&group_adults=2`;
  await visitor.rpc('link analysis', CZ.host, 'HotelParseUrl', { productVariant: CZ.productVariant, url });
}

interface Availability {
  availabilityId: { id: string };
  hotelAvailability: { rooms: { products: { productId: { id: string }; fitsOccupancy?: boolean; orderability?: { isAvailable?: boolean } }[] }[] };
}

/** A stay on a random day within the coming year, so that rooms rarely run out; undefined when none is left. */
async function previewStay(visitor: Visitor, paymentRequest: object): Promise<{ previewId: { id: string } } | undefined> {
  const hotel = pick(CZECH_HOTELS);
  const checkIn = day(20 + randomInt(330));
  const availability = await visitor.rpc<Availability>('availability', CZ.host, 'HotelAvailability', {
    productVariant: CZ.productVariant,
    bySpecification: { hotelRequest: { hotelId: { id: hotel.id }, checkIn, checkOut: addDays(checkIn, 1 + randomInt(3)), rooms: 1, adults: 2 } },
  }, CONTENTION);
  if ('refused' in availability) return undefined;
  const products = availability.hotelAvailability.rooms.flatMap((room) => room.products).filter((p) => p.orderability?.isAvailable && p.fitsOccupancy);
  if (products.length === 0) return undefined;
  const preview = await visitor.rpc<{ previewId: { id: string } }>(
    'preview',
    CZ.host,
    'HotelOrderPreview',
    { productVariant: CZ.productVariant, bySpecification: { availabilityId: availability.availabilityId, productIds: [pick(products).productId] }, paymentRequest },
    CONTENTION,
  );
  return 'refused' in preview ? undefined : preview;
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export async function previewOnly(visitor: Visitor): Promise<void> {
  await previewStay(visitor, { lastPayment: { methodId: { id: 'payment_card' } } });
}

/**
 * A stay ordered and paid with Pluxee (now and then a voucher bought earlier in the soak pays
 * part of it): the customer pays at the simulator,
 * returns to the site, the gateway's notification arrives, and once more as a duplicate.
 */
export async function orderStay(visitor: Visitor, ledger: Ledger): Promise<void> {
  // Each voucher is spent by one visitor: a spent code typed again counts as a guess (site-wide budget).
  const code = randomInt(3) === 0 ? ledger.voucherCodes.shift() : undefined;
  const voucherCodes = code ? [code] : [];
  const paymentRequest = { voucherCodes, lastPayment: { methodId: { id: 'pluxee_cafeteria' } } };
  const preview = await previewStay(visitor, paymentRequest);
  if (!preview) return;
  const created = await visitor.rpc<CreatedOrder>(
    'order',
    CZ.host,
    'HotelOrderCreate',
    { productVariant: CZ.productVariant, previewId: preview.previewId, paymentRequest, order: BUYER },
    CONTENTION,
  );
  if ('refused' in created) return;
  ledger.orders.push({ orderId: created.order.orderId.id, kind: 'hotel' });
  await payAtGateway(visitor, created.order.payments);
  await pollStatus(visitor, created.order.orderId.id);
}

/** A voucher bought by bank transfer (the money arrives at the sandbox bank) or by card. */
export async function buyVoucher(visitor: Visitor, ledger: Ledger): Promise<void> {
  const byTransfer = randomInt(2) === 0;
  const created = await visitor.rpc<CreatedOrder>('order', CZ.host, 'VoucherOrderCreate', {
    productVariant: CZ.productVariant,
    voucherValue: { currencyCode: 'CZK', units: String(1000 + 500 * randomInt(8)) },
    paymentRequest: { lastPayment: { methodId: { id: byTransfer ? 'transfer' : 'payment_card' } } },
    order: BUYER,
  });
  if ('refused' in created) return;
  const orderId = created.order.orderId.id;
  ledger.orders.push({ orderId, kind: 'voucher' });
  if (byTransfer) {
    const payment = created.order.payments.find((p) => p.bankTransfer)!;
    await visitor.send('bank transfer', '/sandbox/api/bank/transfers', {
      host: CZ.host,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ variableSymbol: payment.bankTransfer!.variableSymbol, amount: payment.value }),
      expect: [201],
    });
  } else {
    await payAtGateway(visitor, created.order.payments);
  }
  const code = await pollStatus(visitor, orderId);
  if (code) ledger.voucherCodes.push(code);
}

/** The customer pays every gateway payment at its simulator and comes back; a benefit gateway notifies twice. */
async function payAtGateway(visitor: Visitor, payments: Payment[]): Promise<void> {
  for (const payment of payments) {
    if (!payment.gateway) continue;
    const type = payment.gateway.type.replace('GATEWAY_TYPE_', '').toLowerCase();
    // A benefit gateway's page is …/pay/{id}; ČSOB's is …/payment/process/{merchant}/{payId}/{dttm}/{signature}.
    const id = /\/pay\/([^/?#]+)/.exec(payment.gateway.url)?.[1] ?? /\/payment\/process\/[^/]+\/([^/]+)\//.exec(payment.gateway.url)?.[1];
    if (!id) throw new Error(`no gateway payment id in ${payment.gateway.url}`);
    const paid = await visitor.send('pay at gateway', `/sandbox/api/gateways/${type}/payments/${id}/pay`, { host: CZ.host, method: 'POST' });
    const target = JSON.parse(paid.text) as { returnUrl: string; returnMethod?: string; returnFields?: Record<string, string> };
    const back = new URL(target.returnUrl);
    const post = target.returnMethod?.toUpperCase() === 'POST';
    await visitor.send('gateway return', `${back.pathname}${back.search}`, {
      host: back.hostname,
      method: post ? 'POST' : 'GET',
      ...(post ? { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(target.returnFields ?? {}).toString() } : {}),
      expect: [302, 303],
    });
    if (type !== 'csob') await visitor.send('duplicate notification', `/sandbox/api/gateways/${type}/payments/${id}/notify`, { host: CZ.host, method: 'POST' });
  }
}

interface Detail {
  voucherOrder?: { vouchers?: { code?: string }[] };
}

/** The status page's polls: a few, as a visitor waiting for the confirmation makes; the voucher code once issued. */
async function pollStatus(visitor: Visitor, orderId: string): Promise<string | undefined> {
  let code: string | undefined;
  for (let poll = 0; poll < 3 && !code; poll++) {
    const detail = await visitor.rpc<Detail>('status poll', CZ.host, 'OrderDetail', { productVariant: CZ.productVariant, orderId: { id: orderId } });
    if (!('refused' in detail)) code = detail.voucherOrder?.vouchers?.[0]?.code;
  }
  return code;
}
