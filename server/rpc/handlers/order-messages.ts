import type { HotelOrder, VoucherOrder } from '@/gen/dzb/v1/order_pb';
import type { HotelOrderView } from '../../orders/hotel/view';
import { hotelOrder } from '../mapping/hotel-orders';
import { METHODS } from '../../payments/methods';
import type { VoucherOrderView } from '../../orders/voucher/view';
import type { Services } from '../../services';
import { voucherOrder } from '../mapping/orders';
import { payment } from '../mapping/payments';
import { voucher } from '../mapping/vouchers';

const METHOD_MAP = new Map(Object.entries(METHODS));

/** The documents of an order are served under /api/orders/{id}/documents once it is paid. */
export function documentsBase(services: Services, order: { id: string; site: string; paidAt: Date | null }): string | undefined {
  if (!order.paidAt) return undefined;
  return `${services.config.publicUrl[order.site as keyof typeof services.config.publicUrl]}/api/orders/${order.id}/documents`;
}

export function voucherOrderMessage(services: Services, view: VoucherOrderView): VoucherOrder {
  const now = services.clock.now();
  return voucherOrder(
    view.order,
    view.details,
    view.payments.map((p) => payment(p.record, METHOD_MAP, p.transfer)),
    view.vouchers.map((v) => voucher(v, now, services.config.vouchers.expiresSoonDays)),
    documentsBase(services, view.order),
  );
}

export function hotelOrderMessage(services: Services, view: HotelOrderView): HotelOrder {
  return hotelOrder(
    view,
    view.payments.map((p) => payment(p.record, METHOD_MAP, p.transfer)),
    documentsBase(services, view.order),
  );
}
