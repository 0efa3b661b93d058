import 'server-only';
import { deliverMail, MAIL_ATTEMPTS } from '../notifications/deliver';
import { expireUnpaidOrders } from '../orders/expire';
import { forgetExpiredKeys } from './cleanup';
import { bookHotelOrder, resumePendingBookings } from '../orders/hotel/book';
import { finishCancellation } from '../orders/hotel/cancel';
import { issuePurchasedVoucher } from '../orders/voucher/issue';
import { importBankTransfers } from '../payments/bank-import';
import { mailHeldVoucher } from '../vouchers/held-mail';
import { mailGivenVoucher } from '../operators/given-voucher-mail';
import { refundLatePayment, refundPayment } from '../payments/refunds';
import { expireWaitingPayments, reconcileWaitingPayments } from '../payments/sweeps';
import type { Services } from '../services';
import { type JobName, type JobPayload, parseJobPayload } from './catalogue';
import type { JobDefinition } from './queue';

const EVERY_MINUTE = '* * * * *';

/** One job of the catalogue: its payload is parsed (and so typed) before the handler sees it. */
function job<N extends JobName>(name: N, settings: Omit<JobDefinition, 'name' | 'handler'>, handler: (data: JobPayload<N>) => Promise<void>): JobDefinition {
  return { name, ...settings, handler: (data) => handler(parseJobPayload(name, data)) };
}

/**
 * Every background job of the site. Each is an idempotent function of a business id (or a sweep
 * over current state), so pg-boss's at-least-once delivery, a retry or a killed worker is safe.
 */
export function jobDefinitions(services: Services): JobDefinition[] {
  return [
    job('payments.reconcile', { retryLimit: 0, expireInSeconds: 300, cron: EVERY_MINUTE }, async () => void (await reconcileWaitingPayments(services))),
    job('payments.expire', { retryLimit: 0, expireInSeconds: 300, cron: EVERY_MINUTE }, async () => void (await expireWaitingPayments(services))),
    job('payments.bank-import', { retryLimit: 0, expireInSeconds: 120, cron: EVERY_MINUTE }, async () => void (await importBankTransfers(services))),
    job('payments.refund', { retryLimit: 10, expireInSeconds: 120 }, ({ paymentId, reason, remainder }) => refundPayment(services, paymentId, reason, remainder ?? true)),
    job('payments.refund-late', { retryLimit: 10, expireInSeconds: 120 }, ({ paymentId }) => refundLatePayment(services, paymentId)),
    job('orders.expire', { retryLimit: 0, expireInSeconds: 300, cron: EVERY_MINUTE }, async () => void (await expireUnpaidOrders(services))),
    // Booking.com may be down for a while: retried with backoff for about a day, and swept below.
    job('hotels.book', { retryLimit: 30, retryDelay: 30, expireInSeconds: 300, concurrency: 4 }, ({ orderId }) => bookHotelOrder(services, orderId)),
    job('hotels.book-sweep', { retryLimit: 0, expireInSeconds: 300, cron: '*/10 * * * *' }, async () => void (await resumePendingBookings(services))),
    job('hotels.cancel', { retryLimit: 20, retryDelay: 60, expireInSeconds: 300 }, ({ orderId }) => finishCancellation(services, orderId)),
    job('vouchers.issue', { retryLimit: 10, expireInSeconds: 120, concurrency: 2 }, ({ orderId }) => issuePurchasedVoucher(services, orderId)),
    job('vouchers.mail-given', { retryLimit: 10, expireInSeconds: 120 }, ({ voucherId }) => mailGivenVoucher(services, voucherId)),
    job('vouchers.mail-held', { retryLimit: 10, expireInSeconds: 120 }, ({ holdId }) => mailHeldVoucher(services, holdId)),
    job('maintenance.cleanup', { retryLimit: 0, expireInSeconds: 300, cron: '17 * * * *' }, () => forgetExpiredKeys(services)),
    job('mail.send', { retryLimit: MAIL_ATTEMPTS - 1, expireInSeconds: 120, concurrency: 4 }, ({ mailId }) => deliverMail(services, mailId)),
  ];
}
