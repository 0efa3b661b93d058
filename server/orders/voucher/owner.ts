import 'server-only';
import { localizedPath } from '@/lib/i18n/pathnames';
import type { PaymentOwner } from '../../payments/owner';
import { current } from '../../payments/records';
import { paymentsState } from '../../payments/status';
import type { Services } from '../../services';
import { lockOrder, moveOrder } from '../status';
import { sendVoucherOrderPaid } from './emails';

/**
 * A voucher purchase as the payments platform sees it: when every payment is in, the order is
 * PAID, the "payment received" e-mail is queued and the voucher is issued by a job, all decided in
 * the transaction of the payment change that completed it.
 */
export function voucherOrderOwner(services: Pick<Services, 'clock' | 'config' | 'jobs'>): PaymentOwner {
  return {
    async onPaymentsChanged(tx, orderId, payments) {
      const order = await lockOrder(tx, orderId);
      if (!order) return;
      const state = paymentsState(current(payments).map((p) => p.status));
      if (state === 'PAID') {
        const paid = await moveOrder(services, tx, order, 'PAID', 'payments complete');
        if (paid) {
          await sendVoucherOrderPaid(services, tx, paid);
          await services.jobs.send('vouchers.issue', { orderId }, { tx, singletonKey: orderId });
        }
      } else if (state === 'PARTIALLY_PAID') {
        await moveOrder(services, tx, order, 'PARTIALLY_PAID', 'part paid');
      }
    },
    returnPath: (orderId, locale) => localizedPath(locale, '/status/[id]', { id: orderId }),
  };
}
