import { escapeHtml } from '../../html';
import { CHALLENGE_SLUG } from '../catalogue';
import type { Hotel } from '../catalogue-types';
import { hotelPageUrl } from '../links';
import { hotelForPage, SHARE_LINKS, stayQuery } from './resolve';

const HTML = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' };

/** A page shaped like Booking.com's where it matters to scrapers: the inline `b_hotel_id` and the hidden input. */
function hotelPage(hotel: Hotel, language: string): Response {
  const body = `<!doctype html>
<html lang="${escapeHtml(language)}"><head><meta charset="utf-8"><title>${escapeHtml(hotel.name)}, ${escapeHtml(hotel.city)} – Booking.com (sandbox)</title>
<meta name="robots" content="noindex, nofollow">
<script>var booking = {}; booking.env = { b_hotel_id: '${hotel.id}', b_ufi: '${hotel.cityId}', b_hotel_name: '${escapeHtml(hotel.name).replaceAll("'", '&#39;')}' };</script>
<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'Hotel', name: hotel.name, address: { '@type': 'PostalAddress', streetAddress: hotel.street, addressLocality: hotel.city, postalCode: hotel.postalCode, addressCountry: hotel.country.toUpperCase() }, aggregateRating: { '@type': 'AggregateRating', ratingValue: hotel.reviewScore, bestRating: 10, reviewCount: hotel.reviews } }).replaceAll('<', '\\u003c')}</script>
</head><body><main>
<p><strong>SANDBOX — a look-alike of a Booking.com hotel page, not the real site</strong></p>
<h1>${escapeHtml(hotel.name)}</h1>
<p>${escapeHtml(hotel.street)}, ${escapeHtml(hotel.postalCode)} ${escapeHtml(hotel.city)} · ${hotel.stars} stars · review score ${hotel.reviewScore}</p>
<p>${escapeHtml(hotel.description)}</p>
<form action="/hotel/${hotel.country}/${escapeHtml(hotel.slug)}.html"><input type="hidden" name="hotel_id" value="${hotel.id}"><input type="hidden" name="dest_id" value="${hotel.cityId}"></form>
</main></body></html>`;
  return new Response(body, { headers: HTML });
}

/** What AWS WAF answers a client it does not trust: 202 and a script, no hotel id. */
function challengePage(): Response {
  const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Human Verification</title>
<script>window.awsWafCookieDomainList = ['booking.com']; window.gokuProps = { key: 'sandbox' };</script>
<script src="/__challenge_sandbox/challenge.js"></script></head>
<body><main><h1>Please verify you are a human</h1><noscript>JavaScript is required.</noscript></main></body></html>`;
  return new Response(body, { status: 202, headers: HTML });
}

/**
 * The www.booking.com look-alike: `/hotel/{cc}/{slug}[.{lang}].html` (any slug, see
 * hotelForPage; `bot-challenge` answers the WAF challenge) and `/Share-{code}` short links that
 * redirect (302) to the real booking.com address of a hotel page, as the app's share button does.
 */
export function www(request: Request, path: string, today: string): Response | undefined {
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
  const page = /^\/hotel\/([a-z]{2})\/([a-z0-9-]+)(?:\.([a-z]{2}(?:-[a-z]{2})?))?\.html$/i.exec(path.split(';')[0] ?? '');
  if (page) {
    const [, country = '', slug = '', language = 'en-gb'] = page;
    if (slug.toLowerCase() === CHALLENGE_SLUG) return challengePage();
    return hotelPage(hotelForPage(country.toLowerCase(), slug.toLowerCase()), language.toLowerCase());
  }
  const share = /^\/Share-([A-Za-z0-9_-]{4,16})$/.exec(path);
  if (share) {
    const code = share[1]!;
    const known = SHARE_LINKS[code];
    const hotel = hotelForPage(known?.country ?? 'cz', known?.slug ?? `share-${code.toLowerCase()}`);
    // Unknown codes lead to some hotel too (by hash), without a stay, as some real ones do.
    const query = known?.stay ? stayQuery(today, known.stay) : '';
    return new Response(null, { status: 302, headers: { location: hotelPageUrl(hotel, query), 'cache-control': 'no-store' } });
  }
  return undefined;
}
