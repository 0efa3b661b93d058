import 'server-only';
import { isUuid } from '@/lib/route-params';
import { eq } from 'drizzle-orm';
import { hotelOrders } from '../db/schema/hotel-orders';
import { orders } from '../db/schema/orders';
import { inTransaction } from '../db/transaction';
import { DomainError } from '../errors';
import { claimCancellation } from '../orders/hotel/cancel-claim';
import { finishClaimed } from '../orders/hotel/cancel';
import { paidSoFar } from '../orders/hotel/compensation';
import { cancellability, cancellationKind } from '../orders/hotel/deadlines';
import { hotelOrderRecord } from '../orders/hotel/record';
import { current } from '../payments/records';
import { ownerPayments } from '../payments/transitions';
import type { Services } from '../services';
import { audit, nonceUsed, operatorReason } from './audit';
import type { Operator } from './roles';

export class CancelRefused extends Error {
  override readonly name = 'CancelRefused';
  constructor(readonly reason: 'forbidden' | 'no_reason' | 'not_cancellable' | 'in_progress' | 'refused_at_booking') {
    super(reason);
  }
}

/**
 * What cancelling a hotel order now would do, as the confirmation shows it: what was paid, the
 * rate's fee in force, and the compensation voucher with the fee and with it waived. Undefined
 * when the order cannot be cancelled now (not a stay, being booked, ended, its check-in day come).
 */
export async function cancellationPreview(services: Services, orderNumber: string) {
  if (!/^\d{10}$/.test(orderNumber)) return undefined;
  const { db } = await services.db();
  const [row] = await db.select().from(orders).innerJoin(hotelOrders, eq(hotelOrders.orderId, orders.id)).where(eq(orders.number, orderNumber));
  if (!row) return undefined;
  const hotel = hotelOrderRecord(row.hotel_orders);
  const paid = paidSoFar(current(await ownerPayments(db, 'hotel_order', row.orders.id)));
  const input = { kind: cancellationKind(row.orders.status, hotel), schedules: hotel.cancellation, roomsPrice: hotel.roomsPrice, paid, checkIn: hotel.stay.checkIn };
  const now = services.clock.now();
  const rule = cancellability(input, now);
  if (!rule.cancellable || !rule.kind || (rule.kind === 'booked' && !hotel.portalOrderId)) return undefined;
  return {
    orderId: row.orders.id,
    number: row.orders.number,
    currency: row.orders.currency,
    kind: rule.kind,
    paid,
    fee: rule.fee,
    voucher: rule.voucherValue,
    voucherWaived: cancellability({ ...input, feeWaived: true }, now).voucherValue,
    hotelName: hotel.hotel.name,
    checkIn: hotel.stay.checkIn,
    freeCancellationUntil: hotel.freeCancellationUntil,
  };
}

export type CancellationPreview = NonNullable<Awaited<ReturnType<typeof cancellationPreview>>>;

/**
 * Finance cancels a customer's stay (they asked by phone, the hotel cannot host them…), with the
 * rate's fee or with it waived. It is the customer's own cancellation: the same claim under the
 * same locks and checks, with the waiver kept on the order so the saga's retries keep it too, the
 * Booking.com cancellation, the compensation voucher (everything paid, minus the fee unless
 * waived) and the customer's e-mail. The audit entry is written in the claiming transaction; the
 * same form sent twice cancels once. Returns whether the cancellation is finished (Booking.com may
 * leave it in progress, for the job).
 */
export async function cancelForCustomer(services: Services, operator: Operator, input: { orderId: string; feeWaived: boolean; reason: string; nonce: string }): Promise<'done' | 'in_progress'> {
  if (operator.role !== 'finance') throw new CancelRefused('forbidden');
  const why = operatorReason(input.reason);
  if (!why) throw new CancelRefused('no_reason');
  if (!isUuid(input.orderId) || !isUuid(input.nonce)) throw new CancelRefused('not_cancellable');
  const { db } = await services.db();
  let claimed: boolean;
  try {
    claimed = await inTransaction(db, async (tx) => {
      if (await nonceUsed(tx, 'booking-cancelled', input.nonce)) return false;
      const rule = await claimCancellation(services, tx, input.orderId, { feeWaived: input.feeWaived });
      await audit(services, tx, {
        operatorId: operator.id,
        action: 'booking-cancelled',
        subject: `order:${input.orderId}`,
        reason: why,
        before: { status: rule.order.status, kind: rule.kind, paid: rule.paid },
        after: { nonce: input.nonce, feeWaived: input.feeWaived, fee: rule.fee, voucher: rule.voucherValue },
      });
      return true;
    });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    // Being booked, or another cancellation going on: nothing was claimed, nothing written.
    if (error.code === 'request_in_progress') throw new CancelRefused('in_progress');
    if (error.code === 'order_not_cancellable' || error.code === 'order_not_found') throw new CancelRefused('not_cancellable');
    throw error;
  }
  if (!claimed) return 'done';
  try {
    await finishClaimed(services, input.orderId);
    return 'done';
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    // Booking.com gave no answer: the claim stands and the job finishes it.
    if (error.code === 'request_in_progress') return 'in_progress';
    // Booking.com refused (the stay has begun there): the claim is given up, the booking stays.
    if (error.code === 'cancellation_refused') throw new CancelRefused('refused_at_booking');
    throw error;
  }
}
