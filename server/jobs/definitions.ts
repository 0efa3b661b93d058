import 'server-only';
import { deliverMail, MAIL_ATTEMPTS } from '../notifications/deliver';
import { expireUnpaidOrders } from '../orders/expire';
import { forgetExpiredKeys } from './cleanup';
import { bookHotelOrder, resumePendingBookings } from '../orders/hotel/book';
import { finishCancellation } from '../orders/hotel/cancel';
import { issuePurchasedVoucher } from '../orders/voucher/issue';
import { importBankTransfers } from '../payments/bank-import';
import { refundLatePayment, refundPayment } from '../payments/refunds';
import { expireWaitingPayments, reconcileWaitingPayments } from '../payments/sweeps';
import type { Services } from '../services';
import type { JobDefinition } from './queue';

const EVERY_MINUTE = '* * * * *';

const text = (value: unknown): string => {
  if (typeof value !== 'string' || value === '') throw new Error('job data lacks an id');
  return value;
};

/**
 * Every background job of the site. Each is an idempotent function of a business id (or a sweep
 * over current state), so pg-boss's at-least-once delivery, a retry or a killed worker is safe.
 */
export function jobDefinitions(services: Services): JobDefinition[] {
  return [
    { name: 'payments.reconcile', retryLimit: 0, expireInSeconds: 300, cron: EVERY_MINUTE, handler: async () => void (await reconcileWaitingPayments(services)) },
    { name: 'payments.expire', retryLimit: 0, expireInSeconds: 300, cron: EVERY_MINUTE, handler: async () => void (await expireWaitingPayments(services)) },
    { name: 'payments.bank-import', retryLimit: 0, expireInSeconds: 120, cron: EVERY_MINUTE, handler: async () => void (await importBankTransfers(services)) },
    { name: 'payments.refund', retryLimit: 10, expireInSeconds: 120, handler: (data) => refundPayment(services, text(data.paymentId), String(data.reason ?? 'refund')) },
    { name: 'payments.refund-late', retryLimit: 10, expireInSeconds: 120, handler: (data) => refundLatePayment(services, text(data.paymentId)) },
    { name: 'orders.expire', retryLimit: 0, expireInSeconds: 300, cron: EVERY_MINUTE, handler: async () => void (await expireUnpaidOrders(services)) },
    // Booking.com may be down for a while: retried with backoff for about a day, and swept below.
    { name: 'hotels.book', retryLimit: 30, retryDelay: 30, expireInSeconds: 300, handler: (data) => bookHotelOrder(services, text(data.orderId)) },
    { name: 'hotels.book-sweep', retryLimit: 0, expireInSeconds: 300, cron: '*/10 * * * *', handler: async () => void (await resumePendingBookings(services)) },
    { name: 'hotels.cancel', retryLimit: 20, retryDelay: 60, expireInSeconds: 300, handler: (data) => finishCancellation(services, text(data.orderId)) },
    { name: 'vouchers.issue', retryLimit: 10, expireInSeconds: 120, handler: (data) => issuePurchasedVoucher(services, text(data.orderId)) },
    { name: 'maintenance.cleanup', retryLimit: 0, expireInSeconds: 300, cron: '17 * * * *', handler: () => forgetExpiredKeys(services) },
    { name: 'mail.send', retryLimit: MAIL_ATTEMPTS - 1, expireInSeconds: 120, handler: (data) => deliverMail(services, text(data.mailId)) },
  ];
}
