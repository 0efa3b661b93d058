/**
 * Type tests, checked by `npm run typecheck`: a job that is not in the catalogue, or a payload of
 * another job, never compiles into a send.
 */
import type { Jobs } from '@/server/jobs/jobs';

declare const jobs: Jobs;

export async function sendsWhatTheCatalogueSays() {
  await jobs.send('hotels.book', { orderId: 'order-1' });
  await jobs.send('payments.refund', { paymentId: 'payment-1', reason: 'order_expired' });
  await jobs.send('orders.expire', {});
}

export async function namesAJobThatDoesNotExist() {
  // @ts-expect-error there is no job hotels.teleport
  await jobs.send('hotels.teleport', { orderId: 'order-1' });
}

export async function sendsAnotherJobsPayload() {
  // @ts-expect-error hotels.book takes an orderId, not a paymentId
  await jobs.send('hotels.book', { paymentId: 'payment-1' });
}

export async function leavesOutAField() {
  // @ts-expect-error payments.refund needs a reason
  await jobs.send('payments.refund', { paymentId: 'payment-1' });
}
