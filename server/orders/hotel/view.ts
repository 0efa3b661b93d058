import 'server-only';
import { and, eq } from 'drizzle-orm';
import { pragueToday } from '@/lib/prague-time';
import { type BookingStatus, hotelOrders } from '../../db/schema/hotel-orders';
import { vouchers } from '../../db/schema/vouchers';
import { current, type PaymentRecord } from '../../payments/records';
import type { TransferInstructions } from '../../payments/transfer/bank-details';
import { ownerPayments } from '../../payments/transitions';
import type { Services } from '../../services';
import type { OrderRecord } from '../status';
import { transferOf } from '../voucher/view';
import { paidSoFar } from './compensation';
import { type Cancellability, cancellability, cancellationKind } from './deadlines';
import type { HotelOrderRecord } from './emails';
import { hotelOrderRecord } from './record';

export interface HotelOrderView {
  order: OrderRecord;
  hotel: HotelOrderRecord;
  /** The booking as the visitor sees it: a booked stay whose check-out day (Prague) has come is completed. */
  bookingStatus: BookingStatus;
  payments: { record: PaymentRecord; transfer?: TransferInstructions }[];
  /** What cancelling now would do: open while the order waits for its money or its booked stay may be cancelled. */
  cancellation: Cancellability;
  /** Everything paid for the order so far, vouchers included: the value a cancellation settles. */
  paid: number;
  compensationVoucherId?: string;
  /** The compensation voucher's value as issued (what is left on it may be less). */
  compensationValue?: number;
}

/** Everything the order pages show of a hotel order. */
export async function hotelOrderView(services: Services, order: OrderRecord): Promise<HotelOrderView> {
  const { db } = await services.db();
  const [row] = await db.select().from(hotelOrders).where(eq(hotelOrders.orderId, order.id));
  if (!row) throw new Error(`hotel order ${order.id} has no details`);
  const hotel = hotelOrderRecord(row);
  const records = current(await ownerPayments(db, 'hotel_order', order.id));
  const payments = await Promise.all(records.map(async (record) => ({ record, transfer: await transferOf(services, order, record) })));
  const paid = paidSoFar(records);
  const cancellation = cancellability(
    {
      kind: cancellationKind(order.status, hotel),
      schedules: hotel.cancellation,
      roomsPrice: hotel.roomsPrice,
      paid,
      checkIn: hotel.stay.checkIn,
    },
    services.clock.now(),
  );
  const [voucher] = await db
    .select({ id: vouchers.id, total: vouchers.total })
    .from(vouchers)
    .where(and(eq(vouchers.source, 'compensation'), eq(vouchers.sourceOrderId, order.id)));
  const completed = hotel.bookingStatus === 'ACTIVE' && hotel.stay.checkOut <= pragueToday(services.clock.now());
  return {
    order,
    hotel,
    bookingStatus: completed ? 'COMPLETED' : hotel.bookingStatus,
    payments,
    cancellation,
    paid,
    ...(voucher ? { compensationVoucherId: voucher.id, compensationValue: voucher.total } : {}),
  };
}
