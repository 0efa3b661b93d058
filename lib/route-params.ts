/** Order and voucher ids in URLs are UUIDs; anything else is answered with the 404 page. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/** The benefit providers that have a partner page (spec section 2). */
const PARTNERS = ['up', 'pluxee', 'edenred', 'benefit-systems'] as const;
export type Partner = (typeof PARTNERS)[number];

export function isPartner(value: unknown): value is Partner {
  return typeof value === 'string' && (PARTNERS as readonly string[]).includes(value);
}
