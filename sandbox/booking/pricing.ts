import { nightsOf, weekday } from './calendar';
import type { Hotel, Rate, Room } from './catalogue-types';
import { stableHash } from './hash';
import { applyBp, convert, type Currency } from './money';

/** An amount in the hotel's currency (EUR) and in the booker's, both in minor units. */
export interface Amount {
  eur: number;
  booker: number;
}

export const ZERO: Amount = { eur: 0, booker: 0 };
export const add = (a: Amount, b: Amount): Amount => ({ eur: a.eur + b.eur, booker: a.booker + b.booker });
export const times = (a: Amount, n: number): Amount => ({ eur: a.eur * n, booker: a.booker * n });

/** Season surcharge in basis points: summer at the sea, winter in the mountains, Christmas in town. */
function seasonBp(hotel: Hotel, date: string): number {
  const month = Number(date.slice(5, 7));
  const day = Number(date.slice(8, 10));
  const christmas = (month === 12 && day >= 20) || (month === 1 && day <= 2);
  if (hotel.season === 'ski') return christmas || month <= 3 ? 13_000 : 9_000;
  if (hotel.season === 'summer') return month >= 6 && month <= 9 ? 13_000 : month >= 11 || month <= 3 ? 8_500 : 10_000;
  return christmas ? 12_500 : month >= 5 && month <= 9 ? 11_000 : 10_000;
}

/** The price of one night of a room at a rate before any deal, EUR cents. */
export function nightEurCents(hotel: Hotel, room: Room, rate: Rate, date: string): number {
  const weekend = weekday(date) === 5 || weekday(date) === 6 ? 11_500 : 10_000;
  // ±5 % per room and date, so neighbouring nights differ like real prices do.
  const jitter = 9_500 + (stableHash(`${room.id}|${date}`) % 1_001);
  let price = applyBp(room.nightEurCents, seasonBp(hotel, date));
  price = applyBp(price, weekend);
  price = applyBp(price, jitter);
  return applyBp(price, 10_000 + rate.adjustmentBp);
}

/** Units left of a room for a night: the room's stock less a deterministic daily demand. */
export function unitsLeft(hotel: Hotel, room: Room, date: string): number {
  if (hotel.fault === 'sold_out_weekends' && (weekday(date) === 5 || weekday(date) === 6)) return 0;
  return Math.max(0, room.units - (stableHash(`units|${room.id}|${date}`) % 3));
}

/** Units of a room free for every night of a stay, after the simulator's own bookings. */
export function roomUnitsLeft(hotel: Hotel, room: Room, nights: string[], taken: ReadonlyMap<string, number>): number {
  return Math.min(...nights.map((date) => Math.max(0, unitsLeft(hotel, room, date) - (taken.get(`${room.id}|${date}`) ?? 0))));
}

export interface StayPrice {
  /** What the guest pays for the room, VAT included, after the deal. */
  book: Amount;
  /** The same before the deal (Booking.com's public price). */
  publicPrice: Amount;
  vat: Amount;
  /** City tax for the whole stay, paid at the property; ZERO when the city has none. */
  cityTax: Amount;
  cityTaxPerNight: Amount;
  nights: number;
  unitsAvailable: number;
}

/**
 * One unit of a room at a rate for a stay. Each night is converted on its own, so a price is the
 * same sum in every answer; the deal applies per night too. `surgeBp` raises the price for the
 * price_surge fault hotel.
 */
export function stayPrice(
  hotel: Hotel,
  room: Room,
  rate: Rate,
  stay: { checkin: string; checkout: string; adults: number; taken?: ReadonlyMap<string, number> },
  currency: Currency,
  surgeBp = 10_000,
): StayPrice {
  const nights = nightsOf(stay.checkin, stay.checkout);
  let book = ZERO;
  let publicPrice = ZERO;
  let unitsAvailable = Number.POSITIVE_INFINITY;
  for (const date of nights) {
    const full = applyBp(nightEurCents(hotel, room, rate, date), surgeBp);
    const paid = rate.deal ? applyBp(full, 10_000 - rate.deal.percent * 100) : full;
    book = add(book, { eur: paid, booker: convert(paid, currency) });
    publicPrice = add(publicPrice, { eur: full, booker: convert(full, currency) });
    // Units booked in the simulator come off the night's stock.
    const booked = stay.taken?.get(`${room.id}|${date}`) ?? 0;
    unitsAvailable = Math.min(unitsAvailable, Math.max(0, unitsLeft(hotel, room, date) - booked));
  }
  // VAT is included in the price: its share is price × vat / (100 + vat).
  const vatOf = (value: number) => Math.round((value * hotel.vatPercent) / (100 + hotel.vatPercent));
  const perNight = { eur: hotel.cityTaxEurCents, booker: convert(hotel.cityTaxEurCents, currency) };
  return {
    book,
    publicPrice,
    vat: { eur: vatOf(book.eur), booker: vatOf(book.booker) },
    cityTax: times(perNight, stay.adults * nights.length),
    cityTaxPerNight: perNight,
    nights: nights.length,
    unitsAvailable: Number.isFinite(unitsAvailable) ? unitsAvailable : 0,
  };
}
