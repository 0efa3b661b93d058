import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/databases';
import { type BookingHarness, START, startBookingHarness } from './harness';

const PRAGUE = '1120301';
const STAY = { checkIn: '2026-12-07', checkOut: '2026-12-09', rooms: 1, adults: 2, childrenAges: [] as number[] };
const BOOKER = { firstName: 'Jana', lastName: 'Nováková', email: 'jana@example.cz', telephone: '+420600000000', country: 'CZ', language: 'cs' };

describe.each(databaseKinds())('Booking.com simulator round trip on %s', (kind) => {
  let h: BookingHarness;
  beforeAll(async () => {
    h = await startBookingHarness(kind);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('describes a hotel with photos served by the simulator, rooms and cards', async () => {
    const hotel = await h.portal.hotel(PRAGUE, 'cs');
    expect(hotel).toMatchObject({ id: PRAGUE, name: 'Hotel Vltava Riverside', cardsAtProperty: true, address: { city: 'Prague', country: 'CZ' } });
    expect(hotel.url).toBe('https://www.booking.com/hotel/cz/vltava-riverside-prague.html');
    expect(Object.keys(hotel.rooms)).toContain('112030101');
    const photo = await fetch(hotel.photos[0]!.standard);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/svg+xml');
    expect(h.problems).toEqual([]);
  });

  it('names the city from Booking.com’s city list, and asks as a booker of the asking site’s country', async () => {
    const krakow = await h.portal.hotel('2230104', 'pl');
    expect(krakow.address).toMatchObject({ city: 'Kraków', country: 'PL' });
    expect(h.requests.filter((r) => r.path === '/common/locations/cities').at(-1)?.body).toMatchObject({ city: -510625 });
    await h.portal.availability(PRAGUE, STAY, 'PLN', 'pl');
    await h.portal.availability(PRAGUE, STAY, 'CZK', 'cz');
    expect(h.requests.filter((r) => r.path === '/accommodations/availability').slice(-2).map((r) => (r.body.booker as { country: string }).country)).toEqual(['pl', 'cz']);
    expect(h.problems).toEqual([]);
  });

  it('offers every meal plan and deal tag somewhere in the catalogue', async () => {
    const offers = (await Promise.all(['1120301', '1120748', '1120522', '1120859', '2230104'].map((id) => h.portal.availability(id, STAY, 'CZK', 'cz')))).flatMap((a) => a.offers);
    expect(new Set(offers.map((o) => o.mealPlan.plan))).toEqual(new Set(['no_plan', 'breakfast_included', 'half_board', 'full_board', 'all_inclusive']));
    expect(offers.find((o) => o.mealPlan.plan === 'full_board')?.mealPlan.meals).toEqual(['breakfast', 'lunch', 'dinner']);
    const tags = new Set(offers.flatMap((o) => o.deals));
    for (const tag of ['black_friday', 'logged_in_deal', 'mobile_rate', 'limited_time_deal']) expect(tags).toContain(tag);
    expect(h.problems).toEqual([]);
  });

  it('prices deterministically in integer minor units, per currency, with deals and charges', async () => {
    const czk = await h.portal.availability(PRAGUE, STAY, 'CZK', 'cz');
    const again = await h.portal.availability(PRAGUE, STAY, 'CZK', 'cz');
    expect(again.offers).toEqual(czk.offers);
    const eur = await h.portal.availability(PRAGUE, STAY, 'EUR', 'cz');
    expect(czk.offers.length).toBeGreaterThan(3);
    for (const offer of czk.offers) {
      expect(Number.isInteger(offer.price.book)).toBe(true);
      expect(offer.price.total).toBeGreaterThan(offer.price.book); // the city tax is paid at the property
      expect(offer.charges.some((c) => c.name === 'City tax' && c.type === 142 && !c.online)).toBe(true);
    }
    const flexible = czk.offers.find((o) => o.id.includes('_301001_'))!;
    const flexibleEur = eur.offers.find((o) => o.id === flexible.id)!;
    // Per night 25 CZK for a euro, rounded per night: within a few hellers of the exact product.
    expect(Math.abs(flexible.price.book - flexibleEur.price.book * 25)).toBeLessThan(10);
    expect(flexible.freeCancellationUntil).toBeInstanceOf(Date);
    expect(flexible.timings).toEqual(['pay_online_now', 'pay_online_later', 'pay_at_the_property']);
    const nonRefundable = czk.offers.find((o) => o.roomId === flexible.roomId && o.id.includes('_301002_'))!;
    expect(nonRefundable.freeCancellationUntil).toBeUndefined();
    expect(nonRefundable.price.book).toBeLessThan(flexible.price.book);
    expect(nonRefundable.deals).toEqual(['mobile_rate']);
    expect(nonRefundable.price.publicPrice).toBeGreaterThan(nonRefundable.price.book);
    expect(czk.offers.some((o) => o.mealPlan.plan === 'breakfast_included')).toBe(true);
    expect(h.problems).toEqual([]);
  });

  it('previews, books with a label, finds the order by the label and cancels it free', async () => {
    const available = await h.portal.availability(PRAGUE, STAY, 'CZK', 'cz');
    const offer = available.offers.find((o) => o.id.startsWith('112030101_301001_'))!;
    const preview = await h.portal.preview({ hotelId: PRAGUE, checkIn: STAY.checkIn, checkOut: STAY.checkOut, currency: 'CZK', bookerCountry: 'cz', products: [{ id: offer.id, adults: 2, children: [] }] });
    expect(preview.products[0]).toMatchObject({ id: offer.id, occupancyMismatch: false });
    expect(preview.price.chargeableOnline).toBe(offer.price.book);
    expect(preview.price.total).toBe(offer.price.total);
    expect(preview.timings).toEqual({ pay_online_now: { cards: true }, pay_online_later: { cards: true }, pay_at_the_property: { cards: true } });
    expect(preview.products[0]!.cancellation[0]).toEqual({ from: 'now', fee: 0 });
    expect(preview.products[0]!.cancellation[1]!.fee).toBe(offer.price.book);

    const label = crypto.randomUUID();
    const booking = await h.portal.book({ token: preview.token, label, booker: BOOKER, products: [{ id: offer.id, guests: [{ name: 'Jana Nováková', email: 'jana@example.cz' }] }], timing: 'pay_online_now' });
    expect(booking.orderId).toMatch(/^\d{15}$/);
    expect(booking.pincode).toMatch(/^\d{4}$/);

    const window = { from: new Date(START.getTime() - 60_000), to: new Date(START.getTime() + 60_000) };
    const found = await h.portal.findByLabel(label, window, 'CZK');
    expect(found).toEqual({ ...booking, status: 'booked' });
    expect(await h.portal.findByLabel('no-such-label', window, 'CZK')).toBeUndefined();

    expect(await h.portal.cancel(booking.orderId, 'guest changed plans')).toBe('successful');
    expect(await h.portal.findByLabel(label, window, 'CZK')).toMatchObject({ status: 'cancelled_by_guest' });
    const details = await h.call('/orders/details/accommodations', { orders: [booking.orderId], currency: 'CZK', bookerCountry: 'cz' });
    expect(details.body.data).toMatchObject([{ label, cancellation_details: { fee: {} } }]);
    // Like Booking.com, a create is not idempotent: the same label again is a second booking.
    const repeated = await h.portal.book({ token: preview.token, label, booker: BOOKER, products: [{ id: offer.id, guests: [] }], timing: 'pay_online_now' });
    expect(repeated.orderId).not.toBe(booking.orderId);
    expect(h.problems).toEqual([]);
  });
});
