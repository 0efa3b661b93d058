import type { HotelAddress, HotelDetail, HotelRequest, MealPlan } from '@/gen/dzb/v1/hotel_pb';
import { MealPlanType } from '@/gen/dzb/v1/hotel_pb';
import {
  BookingStatus,
  type HotelOrder,
  type HotelOrderPreviewResponse,
  type HotelOrderProduct,
  OrderStatus,
} from '@/gen/dzb/v1/order_pb';
import type { Voucher } from '@/gen/dzb/v1/voucher_pb';
import { chargeKind, type ChargeKind } from '../charges';
import type { MealPlanName, StayView } from './hotel-search';
import { calculationView, type CalculationView, type DocumentTypeName, documentViews, iso, methodView, type MoneyView, moneyView, type OrderStatusName, type PaymentMethodView, type PaymentView, paymentView } from './views';

/**
 * Hotel previews and orders as plain data for components (the same rules as views.ts: minor
 * units, enum names, ISO instants), so a server page can hand them to client components.
 */

/** A booked or previewed room as the summary shows it. */
export interface BookedRoomView {
  name: string;
  mealPlan: MealPlanName;
  total: MoneyView;
  payOnSite: MoneyView;
}

/** The hotel as an order's summary shows it. */
export interface HotelSummaryView {
  name: string;
  url: string;
  address: string;
  photoUrl?: string;
  stars?: number;
}

export interface HotelPriceView {
  base: MoneyView;
  serviceFee: MoneyView;
  bonus: MoneyView;
  /** What is paid to us now (rooms online part, insurance, fees). */
  payOnline: MoneyView;
  /** Charges paid at the hotel, on top. */
  payOnSite: MoneyView;
  insurance: MoneyView;
  total: MoneyView;
}

/** A tax or fee of the stay: paid with the order (online) or at the hotel. */
export interface ChargeView {
  /** Named in the visitor's language by the page (messages `charges.<kind>`). */
  kind: ChargeKind;
  amount: MoneyView;
  online: boolean;
}

export interface HotelPreviewView {
  previewId: string;
  validUntil?: string;
  hotel: HotelSummaryView;
  stay: StayView;
  rooms: BookedRoomView[];
  price: HotelPriceView;
  /** What Booking.com's deals take off its public price of the rooms; zero without a deal. */
  saving: MoneyView;
  charges: ChargeView[];
  calculation: CalculationView;
  methods: PaymentMethodView[];
  freeCancellationUntil?: string;
  options: { cancellationInsurance: boolean; carRentalInterest: boolean };
}

/**
 * The part of a preview that the order form prices again when the visitor changes the payment or
 * the extras (the recap, its details, the button's amount). The hotel, the stay and the rooms are
 * shown by the server page and never change, so they stay out of the form's props.
 */
export type PreviewPricingView = Pick<HotelPreviewView, 'price' | 'saving' | 'charges' | 'calculation'>;

export function previewPricingView({ price, saving, charges, calculation }: PreviewPricingView): PreviewPricingView {
  return { price, saving, charges, calculation };
}


function mealPlanName(plan: MealPlan | undefined): MealPlanName {
  return ((plan && MealPlanType[plan.plan]?.toLowerCase()) as MealPlanName | undefined) ?? 'unspecified';
}

function roomView(product: HotelOrderProduct): BookedRoomView {
  return { name: product.name, mealPlan: mealPlanName(product.mealPlan), total: moneyView(product.price?.total), payOnSite: moneyView(product.price?.payOnSite) };
}

/** "Street 1, 110 00 City": the parts the portal gave, in the order a letter would show them. */
function addressLine(address: HotelAddress | undefined): string {
  return [address?.streetNumber, [address?.postalCode, address?.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');
}

function hotelView(detail: HotelDetail | undefined): HotelSummaryView {
  return {
    name: detail?.name ?? '',
    url: detail?.url ?? '',
    address: addressLine(detail?.address),
    photoUrl: detail?.photos?.mainPhoto?.standardUrl || undefined,
    stars: detail?.rating?.stars || undefined,
  };
}

function stayView(request: HotelRequest | undefined, rooms: number): StayView {
  return { checkIn: request?.checkIn ?? '', checkOut: request?.checkOut ?? '', rooms, adults: request?.adults ?? 0, childrenAges: [...(request?.childrenAges ?? [])] };
}

function savingOf(publicPrice: Parameters<typeof moneyView>[0], discounted: Parameters<typeof moneyView>[0]): MoneyView {
  const before = moneyView(publicPrice);
  const after = moneyView(discounted);
  return { amount: Math.max(0, before.amount - after.amount), currency: after.currency || before.currency };
}

export function hotelPreviewView(response: HotelOrderPreviewResponse): HotelPreviewView {
  const preview = response.orderPreview;
  const price = preview?.price;
  return {
    previewId: response.previewId?.id ?? '',
    validUntil: iso(response.previewValidUntil),
    hotel: hotelView(response.hotelDetail),
    stay: stayView(response.hotelRequest, preview?.products.length ?? 0),
    rooms: (preview?.products ?? []).map(roomView),
    price: {
      base: moneyView(price?.base),
      serviceFee: moneyView(price?.serviceFee),
      bonus: moneyView(price?.bonus),
      payOnline: moneyView(price?.payOnline),
      payOnSite: moneyView(price?.payOnSite),
      insurance: moneyView(price?.cancellationInsurance),
      total: moneyView(price?.total),
    },
    saving: savingOf(preview?.deal?.publicPrice, preview?.deal?.discountedPrice),
    charges: (price?.extraCharges ?? []).map((c) => ({ kind: chargeKind(c.chargeType), amount: moneyView(c.value), online: c.chargeableOnline })),
    calculation: calculationView(preview?.paymentCalculation),
    methods: (preview?.paymentMethods ?? []).map(methodView),
    freeCancellationUntil: iso(preview?.freeCancellationUntil),
    options: { cancellationInsurance: preview?.options?.cancellationInsurance ?? false, carRentalInterest: preview?.options?.carRentalInterest ?? false },
  };
}

export type BookingStatusName = 'ACTIVE' | 'CANCELLED' | 'COMPLETED' | 'ERROR' | 'PENDING' | 'NOT_ORDERED' | 'UNSPECIFIED';

export interface HotelOrderView {
  id: string;
  number: string;
  status: OrderStatusName;
  bookingStatus: BookingStatusName;
  total: MoneyView;
  serviceFee: MoneyView;
  payOnSite: MoneyView;
  orderedAt: string;
  email: string;
  hotel: HotelSummaryView;
  stay: StayView;
  rooms: BookedRoomView[];
  guest?: string;
  noteForHotel?: string;
  insurance: boolean;
  payments: PaymentView[];
  documents: { type: DocumentTypeName; url: string }[];
  freeCancellationUntil?: string;
  cancellable: boolean;
  terms?: CancellationTermsView;
  cancellationFee?: MoneyView;
  /** Everything paid so far, vouchers included: what a cancellation settles. */
  paid: MoneyView;
  /** What the visitor's cancellation settled, once the order is cancelled by them. */
  settlement?: SettlementView;
  compensationVoucherId?: string;
  bookingFailure?: string;
  reservation?: string;
  pincode?: string;
}

/** What cancelling now would settle: everything paid minus the fee, as a voucher; `booked` false for an order not paid yet. */
export interface CancellationTermsView {
  fee: MoneyView;
  voucherValue: MoneyView;
  paid: MoneyView;
  booked: boolean;
  insured: boolean;
}

/** What a cancellation settled (the voucher's value as issued; zero when none was). */
export interface SettlementView {
  paid: MoneyView;
  fee: MoneyView;
  voucherValue: MoneyView;
  booked: boolean;
}

function settlementView(order: HotelOrder): SettlementView | undefined {
  if (order.status !== OrderStatus.CANCELLED_BY_USER) return undefined;
  const paid = moneyView(order.paid);
  const zero = { amount: 0, currency: paid.currency };
  return {
    paid,
    fee: order.cancellationFee ? moneyView(order.cancellationFee) : zero,
    voucherValue: order.compensationValue ? moneyView(order.compensationValue) : zero,
    booked: order.booking?.bookingStatus === BookingStatus.CANCELLED,
  };
}

export function hotelOrderView(order: HotelOrder): HotelOrderView {
  const booking = order.booking;
  return {
    id: order.orderId?.id ?? '',
    number: order.orderNumber,
    status: OrderStatus[order.status] as OrderStatusName,
    bookingStatus: ((booking && BookingStatus[booking.bookingStatus]) as BookingStatusName | undefined) ?? 'UNSPECIFIED',
    total: moneyView(order.total),
    serviceFee: moneyView(order.serviceFee),
    payOnSite: moneyView(order.payOnSite),
    orderedAt: iso(order.orderDate) ?? '',
    email: order.orderedBy?.email ?? '',
    hotel: {
      name: order.hotel?.name ?? '',
      url: order.hotel?.url ?? '',
      address: addressLine(order.hotel?.address),
      photoUrl: order.hotel?.photoUrl || undefined,
    },
    stay: { checkIn: booking?.checkIn ?? '', checkOut: booking?.checkOut ?? '', rooms: order.products.length, adults: booking?.adults ?? 0, childrenAges: [...order.childrenAges] },
    rooms: order.products.map(roomView),
    guest: order.guest ? `${order.guest.firstName} ${order.guest.lastName}` : undefined,
    noteForHotel: order.noteForHotel || undefined,
    insurance: order.options?.cancellationInsurance ?? false,
    payments: order.payments.map(paymentView),
    documents: documentViews(order.documents),
    freeCancellationUntil: iso(order.freeCancellationUntil),
    cancellable: order.cancellable,
    terms: order.cancellationTerms
      ? {
          fee: moneyView(order.cancellationTerms.fee),
          voucherValue: moneyView(order.cancellationTerms.voucherValue),
          paid: moneyView(order.cancellationTerms.paid),
          booked: order.cancellationTerms.booked,
          insured: order.options?.cancellationInsurance ?? false,
        }
      : undefined,
    cancellationFee: order.cancellationFee ? moneyView(order.cancellationFee) : undefined,
    paid: moneyView(order.paid),
    settlement: settlementView(order),
    compensationVoucherId: order.compensationVoucherId?.id || undefined,
    bookingFailure: order.bookingFailure || undefined,
    reservation: order.reservation || undefined,
    pincode: order.pincode || undefined,
  };
}

/** The compensation voucher as the order page shows it. */
export interface CompensationView {
  code: string;
  value: MoneyView;
  validTo?: string;
}

export function compensationView(voucher: Voucher): CompensationView {
  return { code: voucher.code, value: moneyView(voucher.available), validTo: iso(voucher.validTo) };
}
