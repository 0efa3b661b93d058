import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import {
  Deal,
  type ExtraCharge,
  type HotelAvailability,
  HotelAvailabilitySchema,
  type HotelDetail,
  HotelDetailSchema,
  type HotelRequest,
  HotelRequestSchema,
  Meal,
  type MealPlan,
  MealPlanType,
  UnavailableReason,
} from '@/gen/dzb/v1/hotel_pb';
import { type HotelOrderPreview, HotelOrderPreviewSchema } from '@/gen/dzb/v1/order_pb';
import type { AvailabilityView } from '../../booking/availability-view';
import type { UnavailableReason as UnavailableReasonName } from '../../booking/orderability';
import type { Charge, DealTag, HotelInfo, MealPlanName, ProductOffer } from '../../booking/portal';
import type { Stay } from '../../booking/stay';
import type { HotelQuote } from '../../orders/hotel/pricing';
import { money } from './money';
import { paymentCalculation, paymentMethod } from './payments';

export function hotelRequest(hotelId: string, stay: Stay): HotelRequest {
  return create(HotelRequestSchema, {
    hotelId: { id: hotelId },
    checkIn: stay.checkIn ?? '',
    checkOut: stay.checkOut ?? '',
    rooms: stay.rooms,
    adults: stay.adults,
    childrenAges: stay.childrenAges,
  });
}

/** The proto stay as the domain reads it; empty dates stay absent (the validation names them). */
export function stayOf(request: HotelRequest | undefined): { hotelId: string; stay: Stay } {
  return {
    hotelId: request?.hotelId?.id ?? '',
    stay: {
      checkIn: request?.checkIn || undefined,
      checkOut: request?.checkOut || undefined,
      rooms: request?.rooms ?? 0,
      adults: request?.adults ?? 0,
      childrenAges: [...(request?.childrenAges ?? [])],
    },
  };
}

const photo = (p: { standard: string; large: string }) => ({ standardUrl: p.standard, largeUrl: p.large });

export function hotelDetail(hotel: HotelInfo, meta: { requestId: string; at: Date }): HotelDetail {
  const [main, ...others] = hotel.photos;
  return create(HotelDetailSchema, {
    requestMeta: { id: meta.requestId, timestamp: timestampFromDate(meta.at) },
    hotelId: { id: hotel.id },
    name: hotel.name,
    url: hotel.url,
    coordinates: hotel.coordinates,
    address: { streetNumber: hotel.address.street, city: hotel.address.city, country: hotel.address.country, postalCode: hotel.address.postalCode },
    rating: { numberOfReviews: hotel.rating.reviews, reviewScore: hotel.rating.reviewScore, stars: hotel.rating.stars },
    photos: { mainPhoto: main ? photo(main) : undefined, others: others.map(photo) },
  });
}

/** The rooms as the domain lists them (availability-view.ts); a room without an orderable rate keeps its flags. */
export function hotelAvailability({ stored, rooms }: AvailabilityView): HotelAvailability {
  const { availability } = stored;
  return create(HotelAvailabilitySchema, {
    requestMeta: { id: availability.requestId, timestamp: timestampFromDate(availability.at) },
    rooms: rooms.map((room) => ({
      roomId: { id: room.roomId },
      name: room.name,
      photos: room.photos.map(photo),
      products: room.offers.map(({ offer, publicPrice, orderability, fitsOccupancy }) => ({
        productId: { id: offer.id },
        // The proto's bounds: 0..5.
        numberAvailableAtThisPrice: Math.min(5, Math.max(0, offer.unitsAvailable)),
        freeCancellationUntil: offer.freeCancellationUntil ? timestampFromDate(offer.freeCancellationUntil) : undefined,
        price: {
          publicPrice: money(publicPrice, availability.currency),
          discountedPrice: money(offer.price.book, availability.currency),
          deals: deals(offer.deals),
        },
        mealPlan: mealPlan(offer.mealPlan),
        fitsOccupancy,
        maximumOccupancy: offer.occupancy,
        orderability: orderability.available
          ? { isAvailable: true, unavailableReason: UnavailableReason.UNSPECIFIED }
          : { isAvailable: false, unavailableReason: UNAVAILABLE[orderability.reason] },
        extraCharges: offer.charges.map((c) => extraCharge(c, availability.currency)),
      })),
    })),
  });
}

const UNAVAILABLE: Record<UnavailableReasonName, UnavailableReason> = {
  card_payment_not_supported: UnavailableReason.CARD_PAYMENT_NOT_SUPPORTED,
  not_payable_online: UnavailableReason.NOT_PAYABLE_ONLINE,
};

export function hotelOrderPreview(quote: HotelQuote, meta: { requestId: string; at: Date }): HotelOrderPreview {
  const { currency } = quote;
  const price = quote.calculation.price;
  return create(HotelOrderPreviewSchema, {
    requestMeta: { id: meta.requestId, timestamp: timestampFromDate(meta.at) },
    products: quote.products.map((p) => ({
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
    deal: {
      publicPrice: money(quote.deal.publicPrice, currency),
      discountedPrice: money(quote.deal.discounted, currency),
      deals: deals(quote.deal.deals),
    },
    paymentCalculation: paymentCalculation(quote.calculation, currency),
    price: {
      base: money(quote.rooms.base, currency),
      bonus: money(price.bonus, currency),
      serviceFee: money(price.serviceFee, currency),
      payOnline: money(price.total, currency),
      payOnSite: money(quote.rooms.payOnSite, currency),
      total: money(quote.stayTotal, currency),
      extraCharges: quote.rooms.charges.map((c) => extraCharge(c, currency)),
      cancellationInsurance: money(quote.insurance, currency),
    },
    bookOnlyAfterPayment: true,
    isPayAtProperty: quote.payAtProperty,
    options: { cancellationInsurance: quote.options.cancellationInsurance, carRentalInterest: quote.options.carRentalInterest },
    paymentMethods: quote.methods.map(paymentMethod),
    freeCancellationUntil: quote.freeCancellationUntil ? timestampFromDate(quote.freeCancellationUntil) : undefined,
  });
}

const MEAL_PLANS: Record<MealPlanName, MealPlanType> = {
  no_plan: MealPlanType.NO_PLAN,
  breakfast_included: MealPlanType.BREAKFAST_INCLUDED,
  half_board: MealPlanType.HALF_BOARD,
  full_board: MealPlanType.FULL_BOARD,
  all_inclusive: MealPlanType.ALL_INCLUSIVE,
};

const MEALS = { breakfast: Meal.BREAKFAST, lunch: Meal.LUNCH, dinner: Meal.DINNER } as const;

const DEALS: Record<DealTag, Deal> = {
  black_friday: Deal.BLACK_FRIDAY,
  limited_time_deal: Deal.LIMITED_TIME_DEAL,
  logged_in_deal: Deal.LOGGED_IN_DEAL,
  mobile_rate: Deal.MOBILE_RATE,
  seasonal_deal: Deal.SEASONAL_DEAL,
  genius: Deal.GENIUS,
};

export function mealPlan(plan: ProductOffer['mealPlan']): MealPlan {
  return { $typeName: 'dzb.v1.MealPlan', plan: MEAL_PLANS[plan.plan] ?? MealPlanType.UNSPECIFIED, meals: [...new Set(plan.meals)].map((m) => MEALS[m]) };
}

/** Unique, known, at most five (the proto's bounds). */
function deals(tags: readonly DealTag[]): Deal[] {
  return [...new Set(tags)].flatMap((tag) => (DEALS[tag] ? [DEALS[tag]] : [])).slice(0, 5);
}

/** A tax or fee with its Booking.com type, by which pages name it (lib/charges.ts). */
export function extraCharge(charge: Charge, currency: string): ExtraCharge {
  return {
    $typeName: 'dzb.v1.ExtraCharge',
    name: charge.name,
    ...(charge.type !== undefined ? { chargeType: charge.type } : {}),
    percentage: charge.percentageBasisPoints / 100,
    value: money(charge.amount, currency),
    chargeableOnline: charge.online,
  };
}
