import type { HotelInfo, PortalPreview, ProductOffer, Timing } from './portal';

export type UnavailableReason = 'card_payment_not_supported' | 'not_payable_online';

export type Orderability = { available: true } | { available: false; reason: UnavailableReason };

/**
 * Whether we can order a rate for the visitor. We collect the visitor's money first and pay
 * Booking.com ourselves with the company card: online (now or later), or, for a rate the hotel
 * charges at the property, by a card guarantee the hotel charges at check-in. A rate only payable
 * at a property that takes no cards cannot be paid by us at all (`not_payable_online`). Whether a
 * rate's online payment takes cards only shows in Booking.com's preview; a preview that finds it
 * does not marks the rate `card_payment_not_supported` for everyone who sees that answer later.
 */
export function orderabilityOf(offer: ProductOffer, hotel: HotelInfo, knownCardless: readonly string[]): Orderability {
  if (knownCardless.includes(offer.id)) return { available: false, reason: 'card_payment_not_supported' };
  const online = offer.timings.includes('pay_online_now') || offer.timings.includes('pay_online_later');
  if (online) return { available: true };
  if (offer.timings.includes('pay_at_the_property') && hotel.cardsAtProperty) return { available: true };
  return { available: false, reason: 'not_payable_online' };
}

/** The timing we pay Booking.com with: the earliest that takes our card, or none. */
export function paymentTimingOf(preview: Pick<PortalPreview, 'timings'>): Timing | undefined {
  const order: Timing[] = ['pay_online_now', 'pay_online_later', 'pay_at_the_property'];
  return order.find((timing) => preview.timings[timing]?.cards);
}
