import { describe, expect, it } from 'vitest';
import { HOTELS } from '@/sandbox/booking/catalogue';
import { hotelForPage } from '@/sandbox/booking/www/resolve';

const payableOnline = (hotel: (typeof HOTELS)[number]) =>
  hotel.rooms.some((room) => room.rates.some((rate) => rate.timings.some((timing) => timing !== 'pay_at_the_property')));

describe('the simulator hotel behind a pasted Booking.com link', () => {
  it('is the catalogue hotel of a known slug, faults and all', () => {
    for (const hotel of HOTELS) expect(hotelForPage(hotel.country, hotel.slug).id).toBe(hotel.id);
  });

  it('is, for any other slug, the same bookable hotel every time, in the country of the link', () => {
    const slugs = Array.from({ length: 200 }, (_, i) => `some-hotel-${i}`);
    for (const country of ['cz', 'pl', 'de']) {
      for (const slug of slugs) {
        const hotel = hotelForPage(country, slug);
        expect(hotel.fault, slug).toBeUndefined();
        expect(payableOnline(hotel), `${hotel.name} for ${country}/${slug}`).toBe(true);
        expect(hotelForPage(country, slug).id).toBe(hotel.id);
        if (HOTELS.some((h) => h.country === country)) expect(hotel.country).toBe(country);
      }
    }
  });
});
