import type { MessageInitShape } from '@bufbuild/protobuf';
import {
  Deal,
  type HotelAvailabilityResponse,
  type HotelParseUrlResponse,
  type HotelDetail,
  type HotelRequest,
  type HotelRequestSchema,
  type HotelRoomProduct,
  Meal,
  MealPlanType,
  type Photo,
  UnavailableReason,
} from '@/gen/dzb/v1/hotel_pb';
import { chargeKind, type ChargeKind } from '../charges';
import type { Locale } from '../variants';
import { apiClient } from './browser-client';
import { productVariantOf } from './product-variant';
import { paymentRequest } from './payment-request';
import { type MoneyView, moneyView } from './views';

/**
 * The first step of the hotel order (link → availability → priced choice) as plain data for
 * components. Client components import only the types from here and load this module when the
 * visitor submits, so the protobuf runtime stays out of the order page's first load.
 */

/** The stay as the form holds it; dates are YYYY-MM-DD, empty when the link carried none. */
export interface StayView {
  checkIn: string;
  checkOut: string;
  rooms: number;
  adults: number;
  childrenAges: number[];
}

/** What a pasted link told: the hotel (shown before dates are chosen, when known) and the stay. */
export interface ParsedLinkView {
  hotelId: string;
  stay: StayView;
  hotel?: HotelView;
  /** The link's dates had passed and were left out for new ones. */
  datesPassed: boolean;
}

/** One photo in the portal's two sizes (standard up to 500 px wide, large up to 1280 px). */
export interface PhotoView {
  url: string;
  largeUrl: string;
}

export interface HotelView {
  id: string;
  name: string;
  url: string;
  address: { street: string; city: string; country: string; postalCode: string };
  stars: number;
  reviewScore: number;
  reviews: number;
  /** The main photo first; may be empty. */
  photos: PhotoView[];
  coordinates?: { latitude: number; longitude: number };
}

export type MealPlanName = 'no_plan' | 'breakfast_included' | 'half_board' | 'full_board' | 'all_inclusive' | 'unspecified';
export type MealName = 'breakfast' | 'lunch' | 'dinner';
export type DealName = 'black_friday' | 'limited_time_deal' | 'logged_in_deal' | 'mobile_rate' | 'seasonal_deal' | 'genius';

export interface ProductView {
  id: string;
  unitsLeft: number;
  /** ISO instant; absent = non-refundable. */
  freeCancellationUntil?: string;
  price: MoneyView;
  publicPrice: MoneyView;
  deals: DealName[];
  mealPlan: MealPlanName;
  meals: MealName[];
  fitsOccupancy: boolean;
  occupancy: { adults: number; total: number; children: { total: number; fromAge: number; toAge: number }[] };
  /** Why the product cannot be ordered through us; absent = it can. */
  unavailableReason?: 'card_payment_not_supported' | 'not_payable_online';
  /** Taxes and fees by kind, which the page names in the visitor's language (lib/charges.ts). */
  charges: { kind: ChargeKind; value: MoneyView; online: boolean }[];
}

export interface RoomView {
  id: string;
  name: string;
  photos: PhotoView[];
  products: ProductView[];
}

export interface AvailabilityView {
  id: string;
  stay: StayView;
  hotel: HotelView;
  rooms: RoomView[];
}

export function stayView(request: HotelRequest | undefined): StayView {
  return {
    checkIn: request?.checkIn ?? '',
    checkOut: request?.checkOut ?? '',
    rooms: request?.rooms || 1,
    adults: request?.adults || 2,
    childrenAges: [...(request?.childrenAges ?? [])],
  };
}

const photoView = (photo: Photo): PhotoView => ({ url: photo.standardUrl, largeUrl: photo.largeUrl });

function hotelView(detail: HotelDetail | undefined): HotelView {
  const main = detail?.photos?.mainPhoto;
  return {
    id: detail?.hotelId?.id ?? '',
    name: detail?.name ?? '',
    url: detail?.url ?? '',
    address: {
      street: detail?.address?.streetNumber ?? '',
      city: detail?.address?.city ?? '',
      country: detail?.address?.country ?? '',
      postalCode: detail?.address?.postalCode ?? '',
    },
    stars: detail?.rating?.stars ?? 0,
    reviewScore: detail?.rating?.reviewScore ?? 0,
    reviews: detail?.rating?.numberOfReviews ?? 0,
    photos: [...(main ? [main] : []), ...(detail?.photos?.others ?? [])].filter((p) => p.standardUrl).map(photoView),
    coordinates: detail?.coordinates ? { latitude: detail.coordinates.latitude, longitude: detail.coordinates.longitude } : undefined,
  };
}

/** An enum value's name in lower case, the form messages/ keys use (protobuf-es already drops the type prefix). */
function enumName<T extends string>(names: Record<number, string>, value: number): T | undefined {
  const name = names[value];
  return name && name !== 'UNSPECIFIED' ? (name.toLowerCase() as T) : undefined;
}

function productView(product: HotelRoomProduct): ProductView {
  const until = product.freeCancellationUntil;
  const reason = enumName<'card_payment_not_supported' | 'not_payable_online'>(UnavailableReason, product.orderability?.unavailableReason ?? 0);
  return {
    id: product.productId?.id ?? '',
    unitsLeft: product.numberAvailableAtThisPrice,
    freeCancellationUntil: until ? new Date(Number(until.seconds) * 1000).toISOString() : undefined,
    price: moneyView(product.price?.discountedPrice),
    publicPrice: moneyView(product.price?.publicPrice),
    deals: (product.price?.deals ?? []).map((d) => enumName<DealName>(Deal, d)).filter((d): d is DealName => d !== undefined),
    mealPlan: enumName<MealPlanName>(MealPlanType, product.mealPlan?.plan ?? 0) ?? 'unspecified',
    meals: (product.mealPlan?.meals ?? []).map((m) => enumName<MealName>(Meal, m)).filter((m): m is MealName => m !== undefined),
    fitsOccupancy: product.fitsOccupancy,
    occupancy: {
      adults: product.maximumOccupancy?.adults ?? 0,
      total: product.maximumOccupancy?.total ?? 0,
      children: (product.maximumOccupancy?.children ?? []).map((c) => ({ total: c.total, fromAge: c.fromAge, toAge: c.toAge })),
    },
    // A product marked unavailable without a reason still cannot be ordered; say "not payable online".
    unavailableReason: product.orderability?.isAvailable ? undefined : (reason ?? 'not_payable_online'),
    charges: product.extraCharges.map((c) => ({ kind: chargeKind(c.chargeType), value: moneyView(c.value), online: c.chargeableOnline })),
  };
}

export function parsedLinkView(response: HotelParseUrlResponse): ParsedLinkView {
  return {
    hotelId: response.hotelRequest?.hotelId?.id ?? '',
    stay: stayView(response.hotelRequest),
    hotel: response.hotelDetail ? hotelView(response.hotelDetail) : undefined,
    datesPassed: response.datesPassed,
  };
}

export function availabilityView(response: HotelAvailabilityResponse): AvailabilityView {
  return {
    id: response.availabilityId?.id ?? '',
    stay: stayView(response.hotelRequest),
    hotel: hotelView(response.hotelDetail),
    rooms: (response.hotelAvailability?.rooms ?? []).map((room) => ({
      id: room.roomId?.id ?? '',
      name: room.name,
      photos: room.photos.filter((p) => p.standardUrl).map(photoView),
      products: room.products.map(productView),
    })),
  };
}

function hotelRequest(hotelId: string, stay: StayView): MessageInitShape<typeof HotelRequestSchema> {
  return { hotelId: { id: hotelId }, checkIn: stay.checkIn, checkOut: stay.checkOut, rooms: stay.rooms, adults: stay.adults, childrenAges: stay.childrenAges };
}

/** The hotel's rooms for a stay, fresh from the portal (through our cache). */
export async function checkAvailability(locale: Locale, hotelId: string, stay: StayView, signal?: AbortSignal): Promise<AvailabilityView> {
  const response = await apiClient().hotelAvailability(
    { productVariant: productVariantOf(locale), lookup: { case: 'bySpecification', value: { hotelRequest: hotelRequest(hotelId, stay) } } },
    { signal },
  );
  return availabilityView(response);
}

/**
 * Prices the chosen rooms and stores the preview; answers its id for the next step. The RPC
 * needs a payment request; until the visitor picks one on the next step we price with one
 * method paying everything (the next step re-prices the preview by id with the real split).
 */
export async function previewChosenRooms(locale: Locale, currency: string, availabilityId: string, productIds: string[], methodId: string): Promise<string> {
  const { previewId } = await apiClient().hotelOrderPreview({
    productVariant: productVariantOf(locale),
    lookup: { case: 'bySpecification', value: { availabilityId: { id: availabilityId }, productIds: productIds.map((id) => ({ id })) } },
    paymentRequest: paymentRequest({ voucherCodes: [], rest: methodId }, currency),
  });
  if (!previewId?.id) throw new Error('no preview id in the answer');
  return previewId.id;
}
