import 'server-only';
import { isUuid } from '@/lib/route-params';
import { rowFromColumns } from '../db/json-rows';
import { hotelOrders } from '../db/schema/hotel-orders';
import { orders, voucherOrders } from '../db/schema/orders';
import { payments } from '../db/schema/payments';
import { readRows, type Statement } from '../db/statements';
import { DomainError } from '../errors';
import type { PaymentRecord } from '../payments/records';
import type { Services } from '../services';
import type { Site } from '../site';
import { VOUCHER_VIEW_JSON, type VoucherView, voucherViewFromJson } from '../vouchers/view-read';
import type { OrderRecord } from './status';

/** An order with everything its pages show, read in one query. */
export interface OrderRead {
  order: OrderRecord;
  /** The stay, for a hotel order. */
  hotel?: typeof hotelOrders.$inferSelect;
  /** The purchase, for a voucher order. */
  voucherOrder?: typeof voucherOrders.$inferSelect;
  /** Every payment of the order, replaced ones too, oldest first. */
  payments: PaymentRecord[];
  /** What the order produced: the vouchers bought, or a cancelled stay's compensation voucher. */
  vouchers: VoucherView[];
}

// An order page is polled while a payment is under way: each part is a subquery of one statement.
const ORDER_READ: Statement = {
  name: 'order_read',
  text: `select to_json(o) as "order",
  (select to_json(h) from hotel_orders h where h.order_id = o.id) as hotel,
  (select to_json(d) from voucher_orders d where d.order_id = o.id) as voucher_order,
  (select coalesce(json_agg(to_json(p) order by p.created_at, p.id), '[]'::json) from payments p
    where p.owner_type = (case o.kind when 'hotel' then 'hotel_order' else 'voucher_order' end) and p.owner_id = o.id) as payments,
  (select coalesce(json_agg(${VOUCHER_VIEW_JSON} order by v.created_at, v.id), '[]'::json) from vouchers v
    where v.source = (case o.kind when 'hotel' then 'compensation' else 'purchase' end) and v.source_order_id = o.id) as vouchers
from orders o where o.id = $1`,
};

type Json = Record<string, unknown>;
interface ReadRow {
  order: Json;
  hotel: Json | null;
  voucher_order: Json | null;
  payments: Json[];
  vouchers: Parameters<typeof voucherViewFromJson>[0][];
}

/**
 * An order by its id (the only key, from the e-mailed link), on its own site. An order of another
 * site is not found like an unknown id, so ids cannot be probed across sites.
 */
export async function readOrderOfSite(services: Pick<Services, 'db'>, site: Site, orderId: string): Promise<OrderRead> {
  if (!isUuid(orderId)) throw new DomainError('order_not_found');
  const [row] = await readRows<ReadRow>(await services.db(), ORDER_READ, [orderId]);
  const order = row && rowFromColumns(orders, row.order);
  if (!row || !order || order.site !== site.variant) throw new DomainError('order_not_found');
  return {
    order,
    ...(row.hotel ? { hotel: rowFromColumns(hotelOrders, row.hotel) } : {}),
    ...(row.voucher_order ? { voucherOrder: rowFromColumns(voucherOrders, row.voucher_order) } : {}),
    payments: row.payments.map((payment) => rowFromColumns(payments, payment)),
    vouchers: row.vouchers.map(voucherViewFromJson),
  };
}
