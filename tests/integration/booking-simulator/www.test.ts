import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseHotelLink } from '@/server/booking/parse-link';
import { databaseKinds } from '../support/databases';
import { type BookingHarness, START, startBookingHarness } from './harness';

describe.each(databaseKinds())('Booking.com simulator web site on %s', (kind) => {
  let h: BookingHarness;
  beforeAll(async () => {
    h = await startBookingHarness(kind);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('serves a known hotel page whose id the site scrapes, with the stay from the link', async () => {
    const link = 'https://www.booking.com/hotel/pl/wawel-residence-krakow.pl.html?checkin=2026-12-07&checkout=2026-12-09&group_adults=2&group_children=1&age=7&no_rooms=1';
    const parsed = await parseHotelLink(h.website, link, START);
    expect(parsed.hotelId).toBe('2230104');
    expect(parsed.stay).toMatchObject({ checkIn: '2026-12-07', checkOut: '2026-12-09', adults: 2, childrenAges: [7], rooms: 1 });
  });

  it('takes a link on Booking.com’s https port only, and one without credentials', async () => {
    const link = 'https://www.booking.com:443/hotel/pl/wawel-residence-krakow.pl.html?checkin=2026-12-07&checkout=2026-12-09';
    expect((await parseHotelLink(h.website, link, START)).hotelId).toBe('2230104');
    for (const refused of [
      'https://www.booking.com:5432/hotel/cz/x.html',
      'https://www.booking.com:80/hotel/pl/wawel-residence-krakow.pl.html',
      'https://admin:admin@www.booking.com/hotel/pl/wawel-residence-krakow.pl.html',
    ]) {
      await expect(parseHotelLink(h.website, refused, START)).rejects.toMatchObject({ code: 'invalid_url' });
    }
  });

  it('maps any other slug onto a catalogue hotel of the same country, always the same one', async () => {
    const first = await parseHotelLink(h.website, 'https://www.booking.com/hotel/cz/some-real-hotel-somewhere.cs.html', START);
    const again = await parseHotelLink(h.website, 'https://www.booking.com/hotel/cz/some-real-hotel-somewhere.cs.html', START);
    expect(first.hotelId).toBe(again.hotelId);
    expect(first.hotelId).toMatch(/^112/);
    const elsewhere = await parseHotelLink(h.website, 'https://www.booking.com/hotel/fr/le-grand-hotel.html', START);
    expect(elsewhere.hotelId).toMatch(/^\d+$/);
  });

  it('follows a Share link to a real booking.com address and keeps its stay', async () => {
    const redirect = await fetch(`${h.sandbox.url}/sandbox/booking/www/Share-SbxPrg1`, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toMatch(/^https:\/\/www\.booking\.com\/hotel\/cz\/vltava-riverside-prague\.html\?checkin=2026-12-22&checkout=2026-12-24&/);
    const parsed = await parseHotelLink(h.website, 'https://www.booking.com/Share-SbxPrg1', START);
    expect(parsed).toMatchObject({ hotelId: '1120301', stay: { checkIn: '2026-12-22', checkOut: '2026-12-24', adults: 2 } });
  });

  it('answers the bot-challenge slug with a 202 challenge the site recognises', async () => {
    await expect(parseHotelLink(h.website, 'https://www.booking.com/hotel/cz/bot-challenge.html', START)).rejects.toMatchObject({ code: 'request_failed' });
  });

  it('lists the hotels with links and the fault hotels, and the orders, on operator pages', async () => {
    const index = await (await fetch(`${h.sandbox.url}/sandbox/booking`)).text();
    expect(index).toContain('Hotel Motława');
    expect(index).toContain('https://www.booking.com/hotel/cz/vltava-riverside-prague.html?checkin=2026-12-22&amp;checkout=2026-12-24');
    expect(index).toContain('Fault hotel');
    const orders = await fetch(`${h.sandbox.url}/sandbox/booking/orders`);
    expect(orders.status).toBe(200);
    expect(await orders.text()).toContain('Orders in the simulator');
    const sandboxIndex = await (await fetch(`${h.sandbox.url}/sandbox`)).text();
    expect(sandboxIndex).toContain('/sandbox/booking/orders');
  });
});
