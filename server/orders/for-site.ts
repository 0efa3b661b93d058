import 'server-only';
import { eq } from 'drizzle-orm';
import { orders } from '../db/schema/orders';
import { DomainError } from '../errors';
import type { Services } from '../services';
import type { Site } from '../site';
import type { OrderRecord } from './status';

/**
 * An order by its id (the only key, from the e-mailed link), on its own site. An order of another
 * site is not found like an unknown id, so ids cannot be probed across sites.
 */
export async function orderForSite(services: Services, site: Site, orderId: string): Promise<OrderRecord> {
  const { db } = await services.db();
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order || order.site !== site.variant) throw new DomainError('order_not_found');
  return order;
}
