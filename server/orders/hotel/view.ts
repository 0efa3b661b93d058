import 'server-only';
import { pragueToday } from '@/lib/prague-time';
import type { BookingStatus } from '../../db/schema/hotel-orders';
import { current } from '../../payments/records';
import { type PaymentView, paymentView } from '../../payments/view';
import type { Services } from '../../services';
import { documentLinks, type OrderDocumentLink, refundedOf } from '../document-links';
import type { OrderRead } from '../read';
import type { OrderRecord } from '../status';
import { paidSoFar } from './compensation';
import { type Cancellability, cancellability, cancellationKind } from './deadlines';
import type { HotelOrderRecord } from './emails';
import { hotelOrderRecord } from './record';

export interface HotelOrderView {
  order: OrderRecord;
  hotel: HotelOrderRecord;
  /** The booking as the visitor sees it: a booked stay whose check-out day (Prague) has come is completed. */
  bookingStatus: BookingStatus;
  /** The payments that count (not those replaced by a new attempt). */
  payments: PaymentView[];
  /** What cancelling now would do: open while the order waits for its money or its booked stay may be cancelled. */
  cancellation: Cancellability;
  /** Everything paid for the order so far, vouchers included: the value a cancellation settles. */
  paid: number;
  compensationVoucherId?: string;
  /** The compensation voucher's value as issued (what is left on it may be less). */
  compensationValue?: number;
  /** What holds of its documents (document-links.ts): invoice, credit note, booking confirmation, compensation voucher. */
  documents: OrderDocumentLink[];
}

/** Everything the order pages show of a hotel order, from the order as read (../read.ts). */
export async function hotelOrderView(services: Pick<Services, 'clock' | 'config'>, read: OrderRead): Promise<HotelOrderView> {
  const { order, hotel: row } = read;
  if (!row) throw new Error(`hotel order ${order.id} has no details`);
  const hotel = hotelOrderRecord(row);
  const records = current(read.payments);
  const payments = await Promise.all(records.map((record) => paymentView(services, order, record)));
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
  const voucher = read.vouchers[0]?.voucher;
  const completed = hotel.bookingStatus === 'ACTIVE' && hotel.stay.checkOut <= pragueToday(services.clock.now());
  return {
    order,
    hotel,
    bookingStatus: completed ? 'COMPLETED' : hotel.bookingStatus,
    payments,
    cancellation,
    paid,
    ...(voucher ? { compensationVoucherId: voucher.id, compensationValue: voucher.total } : {}),
    documents: documentLinks(services.config.publicUrl, order, {
      booked: order.status === 'PAID' && hotel.bookingStatus === 'ACTIVE' && Boolean(hotel.reservation),
      refunded: refundedOf(read.payments),
      voucherIds: read.vouchers.map((v) => v.voucher.id),
    }),
  };
}
