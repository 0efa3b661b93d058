import 'server-only';
import { isUuid } from '@/lib/route-params';
import { and, eq } from 'drizzle-orm';
import { hotelOrders } from '../db/schema/hotel-orders';
import { inTransaction } from '../db/transaction';
import type { Services } from '../services';
import { audit, nonceUsed, operatorReason } from './audit';
import type { Operator } from './roles';

export class RetryRefused extends Error {
  override readonly name = 'RetryRefused';
  constructor(readonly reason: 'no_reason' | 'not_pending') {
    super(reason);
  }
}

/**
 * Runs the booking of a paid stay again (its outcome still unknown, the retries spent): the
 * automated `hotels.book` job, queued with the audit entry while the hotel order is locked and
 * still PENDING. The job asks Booking.com for an order with our label first, so a booking that
 * was made is recorded, not made twice. Support may do it: it repeats what automation does. The
 * same form sent twice asks once.
 */
export async function retryBooking(services: Services, operator: Operator, input: { orderId: string; reason: string; nonce: string }): Promise<void> {
  const why = operatorReason(input.reason);
  if (!why) throw new RetryRefused('no_reason');
  if (!isUuid(input.orderId) || !isUuid(input.nonce)) throw new RetryRefused('not_pending');
  const { db } = await services.db();
  await inTransaction(db, async (tx) => {
    if (await nonceUsed(tx, 'booking-retried', input.nonce)) return;
    const [pending] = await tx
      .select({ attemptedAt: hotelOrders.bookingAttemptedAt })
      .from(hotelOrders)
      .where(and(eq(hotelOrders.orderId, input.orderId), eq(hotelOrders.bookingStatus, 'PENDING')))
      .for('update');
    if (!pending) throw new RetryRefused('not_pending');
    await services.jobs.send('hotels.book', { orderId: input.orderId }, { tx, singletonKey: input.orderId });
    await audit(services, tx, {
      operatorId: operator.id,
      action: 'booking-retried',
      subject: `order:${input.orderId}`,
      reason: why,
      before: { bookingStatus: 'PENDING', attemptedAt: pending.attemptedAt?.toISOString() ?? null },
      after: { nonce: input.nonce, job: 'hotels.book' },
    });
  });
}
