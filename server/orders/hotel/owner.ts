import 'server-only';
import { and, eq } from 'drizzle-orm';
import { localizedPath } from '@/lib/i18n/pathnames';
import { hotelOrders } from '../../db/schema/hotel-orders';
import type { PaymentOwner } from '../../payments/owner';
import { current } from '../../payments/records';
import { paymentsState } from '../../payments/status';
import type { Services } from '../../services';
import { lockOrder, moveOrder } from '../status';

/**
 * A hotel order as the payments platform sees it: once every payment is in, the order is PAID and
 * the booking saga is started (booking status PENDING, job `hotels.book`), in the transaction of
 * the payment change that completed it, so a paid order is never left without its booking job.
 */
export function hotelOrderOwner(services: Pick<Services, 'clock' | 'jobs'>): PaymentOwner {
  return {
    async onPaymentsChanged(tx, orderId, payments) {
      const order = await lockOrder(tx, orderId);
      if (!order) return;
      const state = paymentsState(current(payments).map((p) => p.status));
      if (state === 'PAID') {
        const paid = await moveOrder(services, tx, order, 'PAID', 'payments complete');
        if (!paid) return;
        await tx
          .update(hotelOrders)
          .set({ bookingStatus: 'PENDING' })
          .where(and(eq(hotelOrders.orderId, orderId), eq(hotelOrders.bookingStatus, 'NOT_ORDERED')));
        await services.jobs.send('hotels.book', { orderId }, { tx, singletonKey: orderId });
      } else if (state === 'PARTIALLY_PAID') {
        await moveOrder(services, tx, order, 'PARTIALLY_PAID', 'part paid');
      }
    },
    returnPath: (orderId, locale) => localizedPath(locale, '/order/accommodation/[orderId]', { orderId }),
  };
}
