import 'server-only';
import { type HotelOrderView, hotelOrderView } from '../orders/hotel/view';
import { readOrderOfSite } from '../orders/read';
import { orderVersionOfSite } from '../orders/version';
import { type VoucherOrderView, voucherOrderView } from '../orders/voucher/view';
import type { Services } from '../services';
import type { Site } from '../site';

export type OrderPorts = Pick<Services, 'clock' | 'config' | 'db'>;

export type OrderView = { kind: 'hotel'; hotel: HotelOrderView } | { kind: 'voucher'; voucher: VoucherOrderView };

/** OrderDetail: an order of this site by its id, read in one query (server/orders/read.ts), as its page shows it. */
export async function orderForSite(ports: OrderPorts, site: Site, orderId: string): Promise<OrderView> {
  const read = await readOrderOfSite(ports, site, orderId);
  if (read.order.kind === 'voucher') return { kind: 'voucher', voucher: await voucherOrderView(ports, read) };
  return { kind: 'hotel', hotel: await hotelOrderView(ports, read) };
}

/**
 * A status page's poll: `unchanged` while the order is still at the version the page shows, read
 * from the version alone; the whole order (orderForSite) once anything it shows has changed.
 */
export async function orderSinceVersion(ports: OrderPorts, site: Site, orderId: string, knownVersion: string): Promise<OrderView | { kind: 'unchanged'; version: string }> {
  const version = await orderVersionOfSite(ports, site, orderId);
  if (version === knownVersion) return { kind: 'unchanged', version };
  return orderForSite(ports, site, orderId);
}
