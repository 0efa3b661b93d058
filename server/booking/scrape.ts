/**
 * Finds the property id in a Booking.com hotel page, the ways public scrapers do: the inline
 * `b_hotel_id: '…'` of the page's JS config, the hidden `hotel_id` input, a `data-hotel-id`
 * attribute. (`dest_id` is the city, not the hotel, unless `dest_type=hotel`.)
 */
export function propertyIdFromPage(html: string): string | undefined {
  const patterns = [
    /b_hotel_id\s*:\s*['"](\d{1,12})['"]/,
    /<input[^>]*name=["']hotel_id["'][^>]*value=["'](\d{1,12})["']/i,
    /<input[^>]*value=["'](\d{1,12})["'][^>]*name=["']hotel_id["']/i,
    /data-hotel-id=["'](\d{1,12})["']/i,
  ];
  for (const pattern of patterns) {
    const id = pattern.exec(html)?.[1];
    if (id) return id;
  }
  return undefined;
}

/** A page that asks the browser to prove it is human (AWS WAF challenge) instead of the hotel. */
export function isBotChallenge(status: number, html: string): boolean {
  return status === 202 || /awsWafCookieDomainList|__challenge|challenge\.js|captcha/i.test(html);
}

export function propertyIdFromUrl(url: URL): string | undefined {
  const pairs = new URLSearchParams(url.search.replace(/;/g, '&'));
  const id = pairs.get('dest_id');
  return pairs.get('dest_type') === 'hotel' && id && /^\d{1,12}$/.test(id) ? id : undefined;
}
