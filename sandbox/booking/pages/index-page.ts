import { html, page } from '../../html';
import { HOTELS, CHALLENGE_SLUG } from '../catalogue';
import type { Hotel } from '../catalogue-types';
import { hotelPageUrl } from '../links';
import { type DemoStay, SHARE_LINKS, stayQuery } from '../www/resolve';

export const BANNER = 'SANDBOX BOOKING.COM — simulated hotels and Demand API, no real bookings';

const FAULTS: Record<NonNullable<Hotel['fault']>, string> = {
  price_surge: 'Price rises: every further /orders/preview of the same stay costs 10 % more than the one before (the site’s re-preview after payment finds a higher price).',
  create_fails: '/orders/create always refuses (400 reservation_failed): the site must refund.',
  slow: '/accommodations/availability answers after 3 seconds.',
  sold_out_weekends: 'Friday and Saturday nights are sold out: stays over a weekend have no products.',
  cancel_refused: '/orders/cancel always answers failed: the booking stands, and the site must leave it booked.',
};

const STAYS: DemoStay[] = [
  { inDays: 30, nights: 2, adults: 2, childrenAges: [], rooms: 1 },
  { inDays: 60, nights: 3, adults: 2, childrenAges: [5, 9], rooms: 1 },
];

function paymentNote(hotel: Hotel): string {
  const timings = new Set(hotel.rooms.flatMap((r) => r.rates.flatMap((rate) => rate.timings)));
  if (timings.size === 1 && timings.has('pay_at_the_property')) {
    return hotel.cardsAtProperty.length > 0 ? 'Pay at the property only, cards accepted' : 'Pay at the property only, cash only (not payable online)';
  }
  return [...timings].join(', ');
}

/** /sandbox/booking: the catalogue with ready-to-paste links, the faults, and where everything is. */
export function indexPage(today: string): Response {
  return page({
    lang: 'en',
    title: 'Sandbox Booking.com',
    banner: BANNER,
    body: html`<h1>Sandbox Booking.com</h1>
<p>A simulated Booking.com: hotel pages and share links under <code>/sandbox/booking/www</code> (the site fetches
<code>https://www.booking.com/…</code> from there in sandbox mode) and the Demand API 3.1 under
<code>/sandbox/booking/demand-api/3.1</code> (POST JSON, <code>Authorization: Bearer &lt;BOOKING_API_KEY&gt;</code> and
<code>X-Affiliate-Id</code>). Prices are deterministic per hotel, room, rate and night, in EUR converted at fixed rates
(1 EUR = 25.00 CZK = 4.30 PLN). Paste any link below into the site.</p>
<p><a href="/sandbox/booking/orders">Orders created in the simulator</a></p>
<p>Outage: <code>POST /sandbox/api/booking/outage</code> with <code>{"on": true}</code> makes orders/create and the order
look-ups answer 503 with <code>Retry-After: 3600</code> until <code>{"on": false}</code> (a create sent meanwhile has an
unknown outcome). It holds for every order: only a test that owns its server turns it on.</p>
<section class="card"><h2>Share links</h2><ul>
${Object.entries(SHARE_LINKS).map(([code, link]) => html`<li><code>https://www.booking.com/Share-${code}</code> → ${link.slug}${link.stay ? '' : ' (without dates)'}</li>`)}
<li>Any other <code>Share-XXXX</code> code redirects to some catalogue hotel without dates.</li>
</ul></section>
<section class="card"><h2>Bot challenge</h2><p><code>https://www.booking.com/hotel/cz/${CHALLENGE_SLUG}.html</code> answers 202 with an AWS WAF-like challenge page.</p>
<p>Any other slug under <code>/hotel/{cc}/</code> maps onto a catalogue hotel of that country.</p></section>
${HOTELS.map(
  (hotel) => html`<section class="card"><h2>${hotel.name} <small>(${hotel.id})</small></h2>
<p>${hotel.street}, ${hotel.postalCode} ${hotel.city}, ${hotel.country.toUpperCase()} · ${hotel.stars}★ · ${hotel.reviewScore}/10</p>
<p>Payment: ${paymentNote(hotel)}</p>
${hotel.fault ? html`<p class="notice"><strong>Fault hotel:</strong> ${FAULTS[hotel.fault]}</p>` : ''}
<p>Rooms: ${hotel.rooms.map((r) => `${r.name} (${r.id}, ${r.adults} adults, ${r.total} beds)`).join('; ')}</p>
<ul>${STAYS.map((stay) => {
    const link = hotelPageUrl(hotel, stayQuery(today, stay));
    return html`<li><label>Link, ${stay.nights} nights, ${stay.adults} adults${stay.childrenAges.length ? `, children ${stay.childrenAges.join(' and ')}` : ''}
<input readonly value="${link}"></label></li>`;
  })}</ul></section>`,
)}`,
  });
}
