import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderabilityOf, paymentTimingOf } from '@/server/booking/orderability';
import { databaseKinds } from '../support/databases';
import { type BookingHarness, START, startBookingHarness } from './harness';

/** Mon 7 – Wed 9 December 2026: no weekend night. */
const WEEKDAYS = { checkIn: '2026-12-07', checkOut: '2026-12-09', rooms: 1, adults: 2, childrenAges: [] as number[] };
const BOOKER = { firstName: 'Jan', lastName: 'Kowalski', email: 'jan@example.pl', telephone: '+48600000000', country: 'PL', language: 'pl' };

describe.each(databaseKinds())('Booking.com simulator fault hotels on %s', (kind) => {
  let h: BookingHarness;
  beforeAll(async () => {
    h = await startBookingHarness(kind);
  });
  afterAll(async () => {
    await h?.close();
  });

  async function previewFirst(hotelId: string, currency = 'PLN') {
    const available = await h.portal.availability(hotelId, WEEKDAYS, currency, 'pl');
    const offer = available.offers[0]!;
    const preview = await h.portal.preview({ hotelId, checkIn: WEEKDAYS.checkIn, checkOut: WEEKDAYS.checkOut, currency, bookerCountry: 'pl', products: [{ id: offer.id, adults: 2, children: [] }] });
    return { offer, preview };
  }

  it('raises the price of Hotel Motława with every further preview of the same stay', async () => {
    const { offer, preview: first } = await previewFirst('2230321');
    expect(first.price.chargeableOnline).toBe(offer.price.book);
    const { preview: second } = await previewFirst('2230321');
    expect(second.price.chargeableOnline).toBeGreaterThan(first.price.chargeableOnline);
    expect(h.problems).toEqual([]);
  });

  it('refuses every order at Hotel Rynek Wrocław with a definite error the site refunds', async () => {
    const { offer, preview } = await previewFirst('2230436');
    await expect(
      h.portal.book({ token: preview.token, label: crypto.randomUUID(), booker: BOOKER, products: [{ id: offer.id, guests: [] }], timing: 'pay_online_now' }),
    ).rejects.toMatchObject({ code: 'booking_failed' });
    expect(h.problems).toEqual([]);
  });

  it('refuses every cancellation at Hotel Horní náměstí Olomouc, and the booking stands', async () => {
    const { offer, preview } = await previewFirst('1120904', 'CZK');
    const label = crypto.randomUUID();
    const booked = await h.portal.book({ token: preview.token, label, booker: BOOKER, products: [{ id: offer.id, guests: [] }], timing: 'pay_online_now' });
    expect(await h.portal.cancel(booked.orderId, 'changed plans')).toBe('failed');
    expect(await h.portal.cancel(booked.orderId, 'changed plans')).toBe('failed');
    const found = await h.portal.findByLabel(label, { from: new Date(START.getTime() - 60_000), to: new Date(START.getTime() + 60_000) }, 'CZK');
    expect(found).toMatchObject({ orderId: booked.orderId, status: 'booked' });
    expect(h.problems).toEqual([]);
  });

  it('answers availability of Hotel Donaublick after about 3 seconds', async () => {
    const started = Date.now();
    const available = await h.portal.availability('3340110', WEEKDAYS, 'EUR', 'cz');
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_900);
    expect(available.offers.length).toBeGreaterThan(0);
  });

  it('has no rooms at Willa Giewont over a weekend, and rooms on weekdays', async () => {
    const weekend = await h.portal.availability('2230219', { ...WEEKDAYS, checkIn: '2026-12-11', checkOut: '2026-12-13' }, 'PLN', 'pl');
    expect(weekend.offers).toEqual([]);
    const weekdays = await h.portal.availability('2230219', WEEKDAYS, 'PLN', 'pl');
    expect(weekdays.offers.length).toBeGreaterThan(0);
    expect(h.problems).toEqual([]);
  });

  it('makes the pay-at-the-property hotels orderable with cards and not payable online without', async () => {
    for (const [hotelId, orderable] of [['1120522', true], ['1120637', false]] as const) {
      const hotel = await h.portal.hotel(hotelId, 'en-gb');
      const available = await h.portal.availability(hotelId, WEEKDAYS, 'CZK', 'cz');
      expect(available.offers.length).toBeGreaterThan(0);
      for (const offer of available.offers) {
        expect(offer.timings).toEqual(['pay_at_the_property']);
        expect(offer.price.chargeableOnline).toBeNull();
        expect(orderabilityOf(offer, hotel, []).available).toBe(orderable);
      }
      const { preview } = await previewFirst(hotelId, 'CZK');
      expect(paymentTimingOf(preview)).toBe(orderable ? 'pay_at_the_property' : undefined);
    }
    expect(h.problems).toEqual([]);
  });
});
