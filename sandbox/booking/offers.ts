import type { Timing } from '@/server/booking/portal';
import { addDays, pragueMidnight } from './calendar';
import { hotelById } from './catalogue';
import type { Hotel, Rate, Room } from './catalogue-types';
import type { Currency } from './money';
import { type StayPrice, stayPrice } from './pricing';
import { MEAL_CODES } from './meals';

/** A product of the simulator: a room at a rate for one stay, priced for one unit. */
export interface Offer {
  id: string;
  hotel: Hotel;
  room: Room;
  rate: Rate;
  price: StayPrice;
  /** Free cancellation ends here; undefined = non-refundable (or the deadline has passed). */
  freeCancellationUntil?: Date;
  timings: Timing[];
}

/** Booking.com-like opaque product ids: `{room}_{rate}_{adults}_{meal}_0`. */
export function productId(room: Room, rate: Rate): string {
  return `${room.id}_${rate.id}_${room.adults}_${MEAL_CODES[rate.meal]}_0`;
}

/** The room and rate behind a product id of a hotel, or undefined for anything we never issued. */
export function productOf(hotel: Hotel, id: string): { room: Room; rate: Rate } | undefined {
  for (const room of hotel.rooms) {
    for (const rate of room.rates) if (productId(room, rate) === id) return { room, rate };
  }
  return undefined;
}

export interface StayQuery {
  checkin: string;
  checkout: string;
  adults: number;
  currency: Currency;
  now: Date;
  /** Units already booked per `{room}|{date}` (see store.bookedUnits). */
  taken?: ReadonlyMap<string, number>;
}

export function offerOf(hotel: Hotel, room: Room, rate: Rate, stay: StayQuery, surgeBp = 10_000): Offer {
  const deadline = rate.freeCancellationDays === undefined ? undefined : pragueMidnight(addDays(stay.checkin, -rate.freeCancellationDays));
  return {
    id: productId(room, rate),
    hotel,
    room,
    rate,
    price: stayPrice(hotel, room, rate, { ...stay, adults: Math.min(stay.adults, room.adults) }, stay.currency, surgeBp),
    ...(deadline && deadline > stay.now ? { freeCancellationUntil: deadline } : {}),
    timings: rate.timings,
  };
}

/** Every product of a hotel that still has a unit for each night of the stay. */
export function offersFor(hotelId: number, stay: StayQuery): Offer[] {
  const hotel = hotelById(hotelId);
  if (!hotel) return [];
  return hotel.rooms
    .flatMap((room) => room.rates.map((rate) => offerOf(hotel, room, rate, stay)))
    .filter((offer) => offer.price.unitsAvailable > 0);
}

/** Whether the hotel charges the product online (so `chargeable_online` exists). */
export function isOnline(offer: Pick<Offer, 'timings'>): boolean {
  return offer.timings.some((t) => t !== 'pay_at_the_property');
}
