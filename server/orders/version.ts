import 'server-only';
import { isUuid } from '@/lib/route-params';
import { readRows, type Statement } from '../db/statements';
import { DomainError } from '../errors';
import type { Services } from '../services';
import type { Site } from '../site';

// A status page polls every few seconds while it waits: the poll reads the order's version alone,
// by its primary key (the triggers of drizzle/0019_order_versions.sql move it on every change).
const ORDER_VERSION: Statement = {
  name: 'order_version',
  text: 'select version::text as version, site from orders where id = $1',
};

/**
 * The version of an order of this site (orders.version, as a decimal string: it is a bigint). An
 * order of another site is not found, as in readOrderOfSite, so the poll probes nothing either.
 */
export async function orderVersionOfSite(services: Pick<Services, 'db'>, site: Site, orderId: string): Promise<string> {
  if (!isUuid(orderId)) throw new DomainError('order_not_found');
  const [row] = await readRows<{ version: string; site: string }>(await services.db(), ORDER_VERSION, [orderId]);
  if (!row || row.site !== site.variant) throw new DomainError('order_not_found');
  return row.version;
}
