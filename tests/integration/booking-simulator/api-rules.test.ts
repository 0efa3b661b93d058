import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/databases';
import { type BookingHarness, START, startBookingHarness } from './harness';

const BOOKER = { country: 'cz', platform: 'desktop' };
const AVAILABILITY = { accommodation: 1120748, booker: BOOKER, checkin: '2026-12-07', checkout: '2026-12-09', currency: 'CZK', guests: { number_of_adults: 2, number_of_rooms: 1 }, extras: ['extra_charges'] };

describe.each(databaseKinds())('Booking.com simulator API rules on %s', (kind) => {
  let h: BookingHarness;
  beforeAll(async () => {
    h = await startBookingHarness(kind);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('refuses a wrong key or a missing affiliate id with 401 and the error envelope', async () => {
    const wrongKey = await h.call('/accommodations/availability', AVAILABILITY, { authorization: 'Bearer nope', 'x-affiliate-id': '1234567' });
    expect(wrongKey.status).toBe(401);
    expect(wrongKey.body).toMatchObject({ errors: [{ id: 'unauthorized' }] });
    const { apiKey } = h.test.services.config.booking;
    const noAffiliate = await h.call('/accommodations/availability', AVAILABILITY, { authorization: `Bearer ${apiKey}` });
    expect(noAffiliate.status).toBe(401);
    const otherAffiliate = await h.call('/accommodations/details', { accommodations: [1120748] }, { authorization: `Bearer ${apiKey}`, 'x-affiliate-id': '999' });
    expect(otherAffiliate.status).toBe(401);
    expect(h.problems).toEqual([]);
  });

  it('answers invalid requests with 400 and the error envelope', async () => {
    const missing = await h.call('/accommodations/availability', { ...AVAILABILITY, checkin: undefined });
    expect(missing).toMatchObject({ status: 400, body: { errors: [{ id: 'missing_parameter' }] } });
    const past = await h.call('/accommodations/availability', { ...AVAILABILITY, checkin: '2026-11-01' });
    expect(past).toMatchObject({ status: 400, body: { errors: [{ id: 'invalid_parameter' }] } });
    const tooLong = await h.call('/accommodations/availability', { ...AVAILABILITY, checkout: '2027-04-01' });
    expect(tooLong.status).toBe(400);
    const unknown = await h.call('/orders/preview', { booker: BOOKER, accommodation: { id: 1120748, checkin: '2026-12-07', checkout: '2026-12-09', products: [{ id: 'nope', allocation: { number_of_adults: 1 } }] } });
    expect(unknown).toMatchObject({ status: 400, body: { errors: [{ id: 'product_not_available' }] } });
    const badToken = await h.call('/orders/create', {
      order_token: 'forged',
      booker: { name: { first_name: 'A', last_name: 'B' }, email: 'a@example.cz', telephone: '+420600000000', address: { country: 'cz' } },
      accommodation: { products: [{ id: 'x' }] },
      payment: { timing: 'pay_online_now' },
    });
    expect(badToken).toMatchObject({ status: 400, body: { errors: [{ id: 'invalid_order_token' }] } });
    expect(h.problems).toEqual([]);
  });

  it('lists extra charges, deals and a recommendation in the 3.1 availability shape', async () => {
    const answer = await h.call('/accommodations/availability', { ...AVAILABILITY, guests: { number_of_adults: 4, number_of_rooms: 1, children: [5] } });
    expect(answer.status).toBe(200);
    const data = answer.body.data as { products: { maximum_occupancy: { adults: number }; price: { extra_charges: { excluded: unknown[] } } }[]; recommendation?: { products: unknown[] } };
    expect(data.products.some((p) => p.maximum_occupancy.adults === 4)).toBe(true);
    expect(data.products[0]!.price.extra_charges.excluded).toHaveLength(1);
    expect(data.recommendation?.products).toHaveLength(1);
    expect(h.problems).toEqual([]);
  });

  it('charges "pay online later" on the hotel day free cancellation ends, not the UTC day before', async () => {
    const answer = await h.call('/accommodations/availability', AVAILABILITY);
    const products = (answer.body.data as { products: { id: string; policies: { cancellation: { free_cancellation_until?: string | null } } }[] }).products;
    const flexible = products.find((p) => p.policies.cancellation.free_cancellation_until);
    expect(flexible).toBeDefined();
    const until = new Date(flexible!.policies.cancellation.free_cancellation_until!);
    const preview = await h.call('/orders/preview', {
      booker: BOOKER,
      currency: 'CZK',
      accommodation: { id: 1120748, checkin: AVAILABILITY.checkin, checkout: AVAILABILITY.checkout, products: [{ id: flexible!.id, allocation: { number_of_adults: 2 } }] },
    });
    expect(preview.status).toBe(200);
    const later = (preview.body.data as { accommodation: { general_policies: { payment: { pay_online_later?: { dates: { at: string }[] } } } } }).accommodation.general_policies.payment
      .pay_online_later;
    const pragueDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Prague', year: 'numeric', month: '2-digit', day: '2-digit' }).format(until);
    expect(later?.dates[0]?.at).toBe(pragueDay);
    expect(h.problems).toEqual([]);
  });

  it('reports guests who do not fit a product as occupancy_mismatch', async () => {
    const available = await h.portal.availability('1120748', { checkIn: '2026-12-07', checkOut: '2026-12-09', rooms: 1, adults: 2, childrenAges: [] }, 'CZK', 'cz');
    const studio = available.offers.find((o) => o.occupancy.adults === 2 && o.occupancy.total === 2)!;
    const preview = await h.portal.preview({ hotelId: '1120748', checkIn: '2026-12-07', checkOut: '2026-12-09', currency: 'CZK', bookerCountry: 'cz', products: [{ id: studio.id, adults: 2, children: [8] }] });
    expect(preview.products[0]!.occupancyMismatch).toBe(true);
    expect(h.problems).toEqual([]);
  });

  it('expires an order token after 15 minutes of the site clock', async () => {
    const available = await h.portal.availability('1120748', { checkIn: '2026-12-07', checkOut: '2026-12-09', rooms: 1, adults: 2, childrenAges: [] }, 'CZK', 'cz');
    const offer = available.offers[0]!;
    const preview = await h.portal.preview({ hotelId: '1120748', checkIn: '2026-12-07', checkOut: '2026-12-09', currency: 'CZK', bookerCountry: 'cz', products: [{ id: offer.id, adults: 2, children: [] }] });
    h.test.setNow(new Date(START.getTime() + 16 * 60_000));
    try {
      const booker = { firstName: 'A', lastName: 'B', email: 'a@example.cz', telephone: '+420600000000', country: 'CZ', language: 'cs' };
      await expect(h.portal.book({ token: preview.token, label: crypto.randomUUID(), booker, products: [{ id: offer.id, guests: [] }], timing: 'pay_online_now' })).rejects.toMatchObject({
        code: 'preview_expired',
      });
    } finally {
      h.test.setNow(START);
    }
  });

  it('charges the room price for cancelling a non-refundable order and refuses once the stay began', async () => {
    const stay = { checkIn: '2026-12-07', checkOut: '2026-12-09', rooms: 1, adults: 2, childrenAges: [] };
    const available = await h.portal.availability('1120748', stay, 'CZK', 'cz');
    const booker = { firstName: 'A', lastName: 'B', email: 'a@example.cz', telephone: '+420600000000', country: 'CZ', language: 'cs' };
    const book = async (id: string) => {
      const preview = await h.portal.preview({ hotelId: '1120748', checkIn: stay.checkIn, checkOut: stay.checkOut, currency: 'CZK', bookerCountry: 'cz', products: [{ id, adults: 2, children: [] }] });
      return h.portal.book({ token: preview.token, label: crypto.randomUUID(), booker, products: [{ id, guests: [] }], timing: 'pay_online_now' });
    };
    const nonRefundable = available.offers.find((o) => !o.freeCancellationUntil)!;
    const first = await book(nonRefundable.id);
    expect(await h.portal.cancel(first.orderId, 'changed plans')).toBe('successful');
    const details = await h.call('/orders/details/accommodations', { orders: [first.orderId], currency: 'CZK', bookerCountry: 'cz' });
    const fee = (details.body.data as { cancellation_details: { fee: { booker_currency: number } } }[])[0]!.cancellation_details.fee.booker_currency;
    expect(Math.round(fee * 100)).toBe(nonRefundable.price.book);

    const refundable = available.offers.find((o) => o.freeCancellationUntil)!;
    const second = await book(refundable.id);
    h.test.setNow(new Date('2026-12-07T09:00:00Z'));
    try {
      expect(await h.portal.cancel(second.orderId, 'too late')).toBe('failed');
    } finally {
      h.test.setNow(START);
    }
    const listed = await h.call('/orders/details', { orders: [first.orderId, second.orderId], currency: 'EUR', extras: ['payment'] });
    expect((listed.body.data as { status: string }[]).map((o) => o.status)).toEqual(['cancelled_by_guest', 'booked']);
    expect(h.problems).toEqual([]);
  });
});

describe('Booking.com simulator inventory', () => {
  let h: BookingHarness;
  beforeAll(async () => {
    h = await startBookingHarness('pglite');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('takes booked units off the stock until the room is sold out', async () => {
    const stay = { checkIn: '2027-01-12', checkOut: '2027-01-13', rooms: 1, adults: 2, childrenAges: [] };
    const booker = { firstName: 'A', lastName: 'B', email: 'a@example.cz', telephone: '+420600000000', country: 'CZ', language: 'cs' };
    const roomOf = async () => (await h.portal.availability('2230321', stay, 'PLN', 'pl')).offers.filter((o) => o.roomId === '223032101');
    const before = await roomOf();
    const units = before[0]!.unitsAvailable;
    expect(units).toBeGreaterThan(0);
    const id = before[0]!.id;
    const preview = await h.portal.preview({ hotelId: '2230321', checkIn: stay.checkIn, checkOut: stay.checkOut, currency: 'PLN', bookerCountry: 'pl', products: Array.from({ length: units }, () => ({ id, adults: 1, children: [] })) });
    await h.portal.book({ token: preview.token, label: crypto.randomUUID(), booker, products: Array.from({ length: units }, () => ({ id, guests: [] })), timing: 'pay_online_now' });
    expect(await roomOf()).toEqual([]);
    // A token priced before the last unit went is refused at create.
    await expect(h.portal.book({ token: preview.token, label: crypto.randomUUID(), booker, products: Array.from({ length: units }, () => ({ id, guests: [] })), timing: 'pay_online_now' })).rejects.toMatchObject({
      code: 'accommodation_unavailable',
    });
    expect(h.problems).toEqual([]);
  });
});
