import 'server-only';
import { type HotelOrderView, hotelOrderView } from '../orders/hotel/view';
import { type OrderRead, readOrderOfSite } from '../orders/read';
import { keepRead, keepsRead, keptRead } from '../orders/read-memo';
import { orderVersionOfSite } from '../orders/version';
import { type VoucherOrderView, voucherOrderView } from '../orders/voucher/view';
import type { Services } from '../services';
import type { Site } from '../site';

export type OrderPorts = Pick<Services, 'clock' | 'config' | 'db'>;

export type OrderView = ({ kind: 'hotel'; hotel: HotelOrderView } | { kind: 'voucher'; voucher: VoucherOrderView }) & {
  /** What the view was made from: one object for every view of one version of the order in this process. */
  read: OrderRead;
  /**
   * What the clock decides in the view: a hotel order's booking state (a stay whose check-out
   * has come is completed) and what cancelling would do now, a voucher's state and days left.
   * Two views of one read with the same `asOf` are the same.
   */
  asOf: string;
};

/**
 * OrderDetail: an order of this site by its id, as its page shows it: read in one query
 * (orders/read.ts) when this process has not read it before; else its version looked up, and the
 * order as read at that version, by this process before (orders/read-memo.ts) or now.
 */
export async function orderForSite(ports: OrderPorts, site: Site, orderId: string): Promise<OrderView> {
  const handle = await ports.db();
  if (!keepsRead(handle, orderId)) return viewOf(ports, await readNow(ports, site, orderId));
  const version = await orderVersionOfSite(ports, site, orderId);
  return viewOf(ports, await readAt(ports, site, orderId, version));
}

/**
 * A status page's poll: `unchanged` while the order is still at the version the page shows, from
 * the version alone; the whole order, as orderForSite, once anything it shows has changed.
 */
export async function orderSinceVersion(ports: OrderPorts, site: Site, orderId: string, knownVersion: string): Promise<OrderView | { kind: 'unchanged'; version: string }> {
  const version = await orderVersionOfSite(ports, site, orderId);
  if (version === knownVersion) return { kind: 'unchanged', version };
  return viewOf(ports, await readAt(ports, site, orderId, version));
}

/** Whether the order is still at `knownVersion` (a status page's poll), from the version alone. */
export async function orderStillAt(ports: OrderPorts, site: Site, orderId: string, knownVersion: string): Promise<boolean> {
  return (await orderVersionOfSite(ports, site, orderId)) === knownVersion;
}

async function readAt(ports: OrderPorts, site: Site, orderId: string, version: string): Promise<OrderRead> {
  const handle = await ports.db();
  return keptRead(handle, orderId, version) ?? readNow(ports, site, orderId);
}

/** The order read now, at its version now (which may have moved on since a lookup), kept under it. */
async function readNow(ports: OrderPorts, site: Site, orderId: string): Promise<OrderRead> {
  const read = await readOrderOfSite(ports, site, orderId);
  keepRead(await ports.db(), read);
  return read;
}

async function viewOf(ports: OrderPorts, read: OrderRead): Promise<OrderView> {
  if (read.order.kind === 'voucher') {
    const voucher = await voucherOrderView(ports, read);
    return { kind: 'voucher', voucher, read, asOf: voucher.vouchers.map((v) => `${v.state} ${v.daysLeft}`).join(',') };
  }
  const hotel = await hotelOrderView(ports, read);
  return { kind: 'hotel', hotel, read, asOf: `${hotel.bookingStatus} ${JSON.stringify(hotel.cancellation)}` };
}
