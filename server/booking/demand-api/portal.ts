import 'server-only';
import type { Availability, BookingPortal, Charge, DealTag, HotelInfo, PortalPreview, Timing } from '../portal';
import { DomainError } from '../../errors';
import { answered, OutcomeUnknown } from '../../outside/outcome';
import { chargeName } from '../charges';
import { type DemandApi, DemandApiError } from './client';
import { minor } from './money';

/** Booking.com prices for the booker's country: the market of the site that asks. */
const booker = (country: string) => ({ country: country.toLowerCase(), platform: 'desktop' as const });
/** City names by id and language: places do not change names between calls. */
const CITY_CACHE_LIMIT = 5_000;

/** Booking.com's TranslatedString in the asked language, else English, else any. */
function translated(value: Record<string, string | null> | undefined, language: string): string {
  if (!value) return '';
  return value[language] ?? value['en-gb'] ?? value.en ?? Object.values(value).find(Boolean) ?? '';
}

/**
 * Booking.com through the Demand API 3.1: JSON mapped to our domain types here and only here,
 * Booking.com's errors mapped to catalogue codes (hotel_not_found, accommodation_unavailable,
 * preview_expired, booking_failed, request_failed).
 */
export function demandApiPortal(api: DemandApi): BookingPortal {
  const cityNames = new Map<string, string>();
  /** A hotel's city is an id in Booking.com's schema; its name comes from common/locations/cities. */
  async function cityName(cityId: number | undefined, language: string): Promise<string> {
    if (cityId === undefined) return '';
    const key = `${cityId}:${language}`;
    const known = cityNames.get(key);
    if (known !== undefined) return known;
    const answer = await api.cities({ city: cityId, languages: [language, 'en-gb'] }).catch(mapError('hotel'));
    const city = answer.data?.find((c) => c.id === cityId);
    const name = translated(city?.name as Record<string, string | null> | undefined, language);
    if (cityNames.size >= CITY_CACHE_LIMIT) cityNames.clear();
    cityNames.set(key, name);
    return name;
  }

  return {
    async hotel(hotelId, language) {
      const answer = await api
        .details({ accommodations: [Number(hotelId)], extras: ['photos', 'rooms', 'payment'], languages: [language, 'en-gb'] })
        .catch(mapError('hotel'));
      const hotel = answer.data?.[0];
      if (!hotel || String(hotel.id) !== hotelId) throw new DomainError('hotel_not_found');
      const photos = (hotel.photos ?? [])
        .slice()
        .sort((a, b) => Number(Boolean(b.main_photo)) - Number(Boolean(a.main_photo)))
        .map((p) => ({ standard: p.url?.standard ?? p.url?.large ?? '', large: p.url?.large ?? p.url?.standard ?? '' }))
        .filter((p) => p.standard);
      const location = hotel.location;
      return {
        id: hotelId,
        name: translated(hotel.name as Record<string, string | null>, language),
        url: hotel.url ?? '',
        address: {
          street: translated(location?.address as Record<string, string | null> | undefined, language),
          city: await cityName(location?.city, language),
          country: (location?.country ?? '').toUpperCase(),
          postalCode: location?.postal_code ?? '',
        },
        coordinates: { latitude: location?.coordinates?.latitude ?? 0, longitude: location?.coordinates?.longitude ?? 0 },
        rating: { stars: hotel.rating?.stars ?? 0, reviewScore: hotel.rating?.review_score ?? 0, reviews: hotel.rating?.number_of_reviews ?? 0 },
        photos,
        genius: Boolean(hotel.is_genius),
        cardsAtProperty: (hotel.payment?.methods?.cards ?? []).length > 0,
        rooms: Object.fromEntries(
          (hotel.rooms ?? []).map((room) => [
            String(room.id),
            {
              name: translated(room.name as Record<string, string | null>, language),
              photos: (room.photos ?? []).map((p) => ({ standard: p.url?.standard ?? '', large: p.url?.large ?? '' })).filter((p) => p.standard),
            },
          ]),
        ),
      } satisfies HotelInfo;
    },

    async availability(hotelId, stay, currency, bookerCountry) {
      const answer = await api
        .availability({
          accommodation: Number(hotelId),
          booker: booker(bookerCountry),
          checkin: stay.checkIn,
          checkout: stay.checkOut,
          currency,
          extras: ['extra_charges'],
          guests: { number_of_adults: stay.adults, number_of_rooms: stay.rooms, children: stay.childrenAges },
        })
        .catch(mapError('availability'));
      const data = answer.data;
      return {
        requestId: answer.request_id ?? '',
        at: new Date(),
        currency: data?.currency ?? currency,
        offers: (data?.products ?? []).map((product) => {
          const price = product.price;
          const included = (price?.extra_charges?.included ?? []).map((c) => charge(c, true));
          const excluded = (price?.extra_charges?.excluded ?? []).map((c) => charge(c, false));
          const book = minor(price?.book);
          return {
            id: product.id ?? '',
            roomId: String(product.room ?? ''),
            unitsAvailable: product.number_available_at_this_price ?? 0,
            freeCancellationUntil: product.policies?.cancellation?.free_cancellation_until
              ? new Date(product.policies.cancellation.free_cancellation_until)
              : undefined,
            price: {
              publicPrice: product.deal?.public_price != null ? minor(product.deal.public_price) : book,
              book,
              total: minor(price?.total),
              chargeableOnline: price?.chargeable_online == null ? null : minor(price.chargeable_online),
            },
            deals: (product.deal?.tags ?? []) as DealTag[],
            mealPlan: {
              plan: product.policies?.meal_plan?.plan ?? 'no_plan',
              meals: product.policies?.meal_plan?.meals ?? [],
            },
            occupancy: {
              adults: product.maximum_occupancy?.adults ?? 0,
              total: product.maximum_occupancy?.total ?? 0,
              children: (product.maximum_occupancy?.children ?? []).map((c) => ({ total: c.total ?? 0, fromAge: c.from_age ?? 0, toAge: c.to_age ?? 17 })),
            },
            charges: [...included, ...excluded],
            timings: (product.policies?.payment?.timings ?? []) as Timing[],
          };
        }),
      } satisfies Availability;
    },

    async preview(input) {
      const answer = await api
        .preview({
          booker: { ...booker(input.bookerCountry), travel_purpose: 'leisure' },
          currency: input.currency,
          accommodation: {
            id: Number(input.hotelId),
            checkin: input.checkIn,
            checkout: input.checkOut,
            products: input.products.map((p) => ({ id: p.id, allocation: { number_of_adults: p.adults, children: p.children } })),
          },
        })
        .catch(mapError('preview'));
      const data = answer.data;
      const accommodation = data?.accommodation;
      const amount = (value: { accommodation_currency?: number; booker_currency?: number | null } | undefined) =>
        minor(value?.booker_currency ?? value?.accommodation_currency);
      const policies = accommodation?.general_policies?.payment;
      const timings: PortalPreview['timings'] = {};
      for (const timing of ['pay_online_now', 'pay_online_later', 'pay_at_the_property'] as const) {
        const policy = policies?.[timing];
        if (policy) timings[timing] = { cards: (policy.methods?.cards ?? []).length > 0 };
      }
      if (!data?.order_token) throw new DomainError('accommodation_unavailable', 'the preview carries no order token');
      return {
        requestId: answer.request_id ?? '',
        token: data.order_token,
        currency: input.currency,
        products: (accommodation?.products ?? []).map((product) => ({
          id: product.id ?? '',
          roomId: String(product.room ?? ''),
          price: { base: amount(product.price?.base), total: amount(product.price?.total), chargeableOnline: amount(product.price?.chargeable_online) },
          charges: (product.price?.extra_charges?.non_conditional ?? []).map((c) => ({
            name: chargeName(c.charge),
            ...(c.charge !== undefined ? { type: c.charge } : {}),
            percentageBasisPoints: Math.round((c.percentage ?? 0) * 100),
            amount: amount(c.total_amount),
            online: Boolean(c.chargeable_online),
          })),
          mealPlan: { plan: product.policies?.meal_plan?.plan ?? 'no_plan', meals: product.policies?.meal_plan?.meals ?? [] },
          cancellation: (product.policies?.cancellation ?? []).map((step) => ({
            from: step.from === 'now' || !step.from ? ('now' as const) : new Date(step.from),
            fee: amount(step.price),
          })),
          occupancyMismatch: Boolean(product.occupancy_mismatch),
        })),
        price: {
          base: amount(accommodation?.price?.base),
          total: amount(accommodation?.price?.total),
          chargeableOnline: amount(accommodation?.price?.chargeable_online),
        },
        timings,
      };
    },

    async book(input) {
      const answer = await api
        .create({
          order_token: input.token,
          booker: {
            name: { first_name: input.booker.firstName, last_name: input.booker.lastName },
            email: input.booker.email,
            telephone: input.booker.telephone,
            address: { country: input.booker.country.toLowerCase(), city: input.booker.city, post_code: input.booker.postCode, address_line: input.booker.addressLine },
            language: input.booker.language,
          },
          accommodation: {
            label: input.label,
            products: input.products.map((p) => ({ id: p.id, guests: p.guests })),
            remarks: input.remarks ? { special_requests: input.remarks } : undefined,
          },
          payment: { timing: input.timing },
        })
        .catch(mapError('book'));
      const order = answer.data?.accommodation;
      // A success without an order in it tells nothing: whether Booking.com booked is looked up by our label.
      if (!order?.order) throw new OutcomeUnknown('Booking.com', '/orders/create', 'an answer without an order');
      return { orderId: String(order.order), reservation: String(order.reservation ?? ''), pincode: order.pincode ?? '' };
    },

    async findByLabel(label, createdBetween, currency) {
      const listed = await api
        .orderDetails({ created: { from: createdBetween.from.toISOString(), to: createdBetween.to.toISOString() }, currency })
        .catch(mapError('lookup'));
      const ids = (listed.data ?? []).map((o) => o.id).filter((id): id is string => Boolean(id));
      if (ids.length === 0) return undefined;
      const details = await api.orderAccommodations({ orders: ids, currency }).catch(mapError('lookup'));
      const match = (details.data ?? []).find((o) => (o as { label?: string }).label === label) as
        | { id?: string; reservation?: number | string; pin_code?: string; status?: string }
        | undefined;
      if (!match?.id) return undefined;
      return { orderId: match.id, reservation: String(match.reservation ?? ''), pincode: match.pin_code ?? '', status: (match.status ?? 'booked') as never };
    },

    async cancel(orderId, reason) {
      const answer = await api.cancel({ order: orderId, reason }).catch(mapError('cancel'));
      return answer.data?.status === 'successful' ? 'successful' : 'failed';
    },
  };
}

function charge(c: { charge?: number; percentage?: number | null; total_amount?: number; chargeable_online?: boolean | null }, included: boolean): Charge {
  return {
    name: chargeName(c.charge),
    ...(c.charge !== undefined ? { type: c.charge } : {}),
    percentageBasisPoints: Math.round((c.percentage ?? 0) * 100),
    amount: minor(c.total_amount),
    online: included && c.chargeable_online !== false,
  };
}

type Step = 'hotel' | 'availability' | 'preview' | 'book' | 'lookup' | 'cancel';

/**
 * Booking.com's failures in our words. Unknown ids and statuses stay `request_failed` (try again)
 * or, for a booking, `booking_failed` (the saga refunds): the visitor never sees Booking.com's text.
 */
function mapError(step: Step) {
  return (error: unknown): never => {
    if (!(error instanceof DemandApiError)) throw error;
    const ids = error.ids.join(' ');
    if (error.status === 401 || error.status === 403) throw new DomainError('internal_error', `Demand API refused our credentials (${error.message})`, { cause: error });
    // Not Booking.com's own answer about the stay (5xx, 408, 429: outcome.ts), whatever its error
    // is called ("service_unavailable" is no sold-out room): try again, never a definite refusal.
    if (!answered(error.status)) throw new DomainError('request_failed', error.message, { cause: error });
    if (/token/.test(ids) && (step === 'book' || step === 'preview')) throw new DomainError('preview_expired', error.message, { cause: error });
    if (/not_found|unknown_accommodation|invalid_accommodation/.test(ids)) throw new DomainError(step === 'hotel' ? 'hotel_not_found' : 'accommodation_unavailable', error.message, { cause: error });
    if (/unavailable|not_available|sold_out|no_availability|occupancy/.test(ids)) throw new DomainError('accommodation_unavailable', error.message, { cause: error });
    if (step === 'book') throw new DomainError('booking_failed', error.message, { cause: error });
    throw new DomainError('request_failed', error.message, { cause: error });
  };
}
