import type { Locale } from '../variants';
import { apiClient } from './browser-client';
import { productVariantOf } from './product-variant';

/**
 * Whether an order has moved past the version its page shows: the server answers `unchanged`
 * from the version alone while it has not, so a page waiting for a payment or a booking polls
 * for next to nothing and re-renders only when there is something new to show.
 */
export async function orderChanged(locale: Locale, orderId: string, version: string): Promise<boolean> {
  const answer = await apiClient().orderDetail({ productVariant: productVariantOf(locale), orderId: { id: orderId }, knownVersion: BigInt(version) });
  return answer.order.case !== 'unchanged';
}
