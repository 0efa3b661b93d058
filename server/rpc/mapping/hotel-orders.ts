import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { BookingStatus, BookingTimingType, type HotelOrder, HotelOrderSchema } from '@/gen/dzb/v1/order_pb';
import type { Timing } from '../../booking/portal';
import type { BookingStatus as Status } from '../../db/schema/hotel-orders';
import type { HotelOrderView } from '../../orders/hotel/view';
import { extraCharge, mealPlan } from './hotels';
import { money } from './money';
import { customer, ORDER_STATUS, orderDocuments } from './orders';
import { payment } from './payments';

const BOOKING_STATUS: Record<Status, BookingStatus> = {
  NOT_ORDERED: BookingStatus.NOT_ORDERED,
  PENDING: BookingStatus.PENDING,
  ACTIVE: BookingStatus.ACTIVE,
  CANCELLED: BookingStatus.CANCELLED,
  COMPLETED: BookingStatus.COMPLETED,
  ERROR: BookingStatus.ERROR,
};

const TIMING: Record<Timing, BookingTimingType> = {
  pay_online_now: BookingTimingType.ONLINE_NOW,
  pay_online_later: BookingTimingType.ONLINE_LATER,
  pay_at_the_property: BookingTimingType.AT_PROPERTY,
};

/** A hotel order as its pages show it. */
export function hotelOrder(view: HotelOrderView): HotelOrder {
  const { order, hotel, cancellation } = view;
  const currency = order.currency;
  return create(HotelOrderSchema, {
    orderId: { id: order.id },
    orderNumber: order.number,
    orderedBy: customer(order.customer),
    total: money(order.total, currency),
    status: ORDER_STATUS[order.status],
    hotel: {
      name: hotel.hotel.name,
      url: hotel.hotel.url,
      address: { streetNumber: hotel.hotel.address.street, city: hotel.hotel.address.city, country: hotel.hotel.address.country, postalCode: hotel.hotel.address.postalCode },
      photoUrl: hotel.hotel.photo,
    },
    booking: {
      bookingStatus: BOOKING_STATUS[view.bookingStatus],
      timingType: TIMING[hotel.timing],
      adults: hotel.stay.adults,
      children: hotel.stay.childrenAges.length > 0 ? hotel.stay.childrenAges.length : undefined,
      checkIn: hotel.stay.checkIn,
      checkOut: hotel.stay.checkOut,
    },
    payments: view.payments.map(payment),
    orderDate: timestampFromDate(order.createdAt),
    products: hotel.products.map((p) => ({
      roomId: { id: p.roomId },
      productId: { id: p.productId },
      name: p.name,
      mealPlan: mealPlan(p.mealPlan),
      price: {
        base: money(p.base, currency),
        payOnline: money(p.payOnline, currency),
        payOnSite: money(p.payOnSite, currency),
        total: money(p.total, currency),
        extraCharges: p.charges.map((c) => extraCharge(c, currency)),
      },
    })),
    noteForHotel: hotel.noteForHotel ?? undefined,
    serviceFee: money(order.serviceFee, currency),
    options: hotel.options,
    documents: orderDocuments(view.documents),
    freeCancellationUntil: hotel.freeCancellationUntil ? timestampFromDate(hotel.freeCancellationUntil) : undefined,
    cancellable: cancellation.cancellable,
    compensationVoucherId: view.compensationVoucherId ? { id: view.compensationVoucherId } : undefined,
    guest: hotel.guest ? { firstName: hotel.guest.firstName, lastName: hotel.guest.lastName, email: hotel.guest.email, mobile: hotel.guest.mobile } : undefined,
    bookingFailure: hotel.bookingFailure ?? undefined,
    reservation: hotel.reservation ?? undefined,
    pincode: hotel.pincode ?? undefined,
    cancellationTerms: cancellation.cancellable
      ? {
          fee: money(cancellation.fee, currency),
          voucherValue: money(cancellation.voucherValue, currency),
          paid: money(cancellation.paid, currency),
          booked: cancellation.kind === 'booked',
        }
      : undefined,
    payOnSite: money(hotel.payOnSite, currency),
    childrenAges: hotel.stay.childrenAges,
    cancellationFee: hotel.cancellationFee !== null ? money(hotel.cancellationFee, currency) : undefined,
    paid: money(view.paid, currency),
    compensationValue: view.compensationValue !== undefined ? money(view.compensationValue, currency) : undefined,
  });
}
