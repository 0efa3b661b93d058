import type { Hotel } from './catalogue-types';
import { propertyOnlyRates, standardRates } from './rates';

const VISA_MASTERCARD = [2, 3];
const ALL_CARDS = [1, 2, 3, 5];

/**
 * The simulator's hotels: invented properties at real places, fixed ids, so tests and demos can
 * name them. Room ids follow Booking.com's habit (hotel id × 100 + n). Changing a price or an id
 * here changes what the demo links show.
 */
export const HOTELS: Hotel[] = [
  {
    id: 1120301, slug: 'vltava-riverside-prague', country: 'cz', name: 'Hotel Vltava Riverside', city: 'Prague', cityId: -553173,
    street: 'Masarykovo nábřeží 26', postalCode: '110 00', latitude: 50.0775, longitude: 14.4135,
    stars: 4, reviewScore: 8.7, reviews: 2418, genius: true, cardsAtProperty: ALL_CARDS, cityTaxEurCents: 200, vatPercent: 12,
    season: 'city', languages: ['cs', 'en-gb', 'de'], email: 'reservations@vltava-riverside.example', telephone: '+420 221 000 301',
    description: 'A riverside hotel on the Vltava embankment, ten minutes on foot from the National Theatre.',
    rooms: [
      { id: 112030101, name: 'Standard Double Room', sizeM2: 20, adults: 2, total: 3, children: { total: 1, fromAge: 2, toAge: 11 }, nightEurCents: 11900, units: 6, rates: standardRates({ deal: { tags: ['mobile_rate'], percent: 10 } }) },
      { id: 112030102, name: 'Superior Double Room with River View', sizeM2: 26, adults: 2, total: 3, children: { total: 1, fromAge: 2, toAge: 11 }, nightEurCents: 15900, units: 3, rates: standardRates({ freeDays: 3 }) },
      { id: 112030103, name: 'Single Room', sizeM2: 14, adults: 1, total: 1, nightEurCents: 8900, units: 2, rates: standardRates() },
    ],
  },
  {
    id: 1120748, slug: 'aparthotel-karlin', country: 'cz', name: 'Aparthotel Karlín', city: 'Prague', cityId: -553173,
    street: 'Křižíkova 58', postalCode: '186 00', latitude: 50.0925, longitude: 14.4496,
    stars: 3, reviewScore: 8.9, reviews: 964, genius: false, cardsAtProperty: VISA_MASTERCARD, cityTaxEurCents: 200, vatPercent: 12,
    season: 'city', languages: ['cs', 'en-gb'], email: 'stay@aparthotel-karlin.example', telephone: '+420 222 000 748',
    description: 'Apartments with a kitchenette for families, by the Křižíkova metro station.',
    rooms: [
      { id: 112074801, name: 'Family Apartment (2 bedrooms)', sizeM2: 48, adults: 4, total: 5, children: { total: 3, fromAge: 2, toAge: 17 }, nightEurCents: 16900, units: 4, rates: standardRates({ freeDays: 5 }) },
      { id: 112074802, name: 'Studio', sizeM2: 25, adults: 2, total: 2, nightEurCents: 9500, units: 5, rates: standardRates({ freeDays: 5, deal: { tags: ['limited_time_deal'], percent: 15 } }) },
    ],
  },
  {
    id: 1120415, slug: 'spilberk-garden-brno', country: 'cz', name: 'Hotel Špilberk Garden', city: 'Brno', cityId: -542184,
    street: 'Husova 16', postalCode: '602 00', latitude: 49.1947, longitude: 16.6028,
    stars: 4, reviewScore: 8.4, reviews: 1187, genius: true, cardsAtProperty: ALL_CARDS, cityTaxEurCents: 200, vatPercent: 12,
    season: 'city', languages: ['cs', 'en-gb', 'de'], email: 'hotel@spilberk-garden.example', telephone: '+420 542 000 415',
    description: 'A garden hotel below Špilberk castle, a short walk from the Freedom Square.',
    rooms: [
      { id: 112041501, name: 'Deluxe Double Room', sizeM2: 24, adults: 2, total: 3, children: { total: 1, fromAge: 2, toAge: 11 }, nightEurCents: 9900, units: 8, rates: standardRates({ timings: ['pay_online_now', 'pay_online_later'] }) },
      { id: 112041502, name: 'Junior Suite', sizeM2: 36, adults: 3, total: 4, children: { total: 2, fromAge: 2, toAge: 15 }, nightEurCents: 14900, units: 2, rates: standardRates({ timings: ['pay_online_now', 'pay_online_later'] }) },
    ],
  },
  {
    id: 1120522, slug: 'pension-u-vltavy-cesky-krumlov', country: 'cz', name: 'Pension U Vltavy', city: 'Český Krumlov', cityId: -543032,
    street: 'Parkán 104', postalCode: '381 01', latitude: 48.8106, longitude: 14.3152,
    stars: 3, reviewScore: 9.2, reviews: 512, genius: false, cardsAtProperty: VISA_MASTERCARD, cityTaxEurCents: 150, vatPercent: 12,
    season: 'summer', languages: ['cs', 'de', 'en-gb'], email: 'pension@u-vltavy.example', telephone: '+420 380 000 522',
    description: 'A family-run pension on the river bend below the castle. Paid at the property, cards accepted.',
    rooms: [
      { id: 112052201, name: 'Double Room with Castle View', sizeM2: 18, adults: 2, total: 2, nightEurCents: 8500, units: 4, rates: propertyOnlyRates(1) },
      { id: 112052202, name: 'Triple Room', sizeM2: 24, adults: 3, total: 3, children: { total: 1, fromAge: 2, toAge: 11 }, nightEurCents: 10500, units: 2, rates: propertyOnlyRates(1) },
    ],
  },
  {
    id: 1120637, slug: 'horska-bouda-snezka', country: 'cz', name: 'Horská bouda Sněžka', city: 'Pec pod Sněžkou', cityId: -549821,
    street: 'Velká Úpa 212', postalCode: '542 21', latitude: 50.7006, longitude: 15.7344,
    stars: 3, reviewScore: 8.1, reviews: 338, genius: false, cardsAtProperty: [], cityTaxEurCents: 100, vatPercent: 12,
    season: 'ski', languages: ['cs', 'de'], email: 'bouda@snezka.example', telephone: '+420 499 000 637',
    description: 'A mountain chalet in the Krkonoše next to the ski lifts. Paid at the property in cash only.',
    rooms: [
      { id: 112063701, name: 'Double Room', sizeM2: 16, adults: 2, total: 3, children: { total: 1, fromAge: 2, toAge: 14 }, nightEurCents: 7200, units: 6, rates: propertyOnlyRates(7) },
      { id: 112063702, name: 'Family Room', sizeM2: 28, adults: 4, total: 4, children: { total: 2, fromAge: 2, toAge: 14 }, nightEurCents: 11800, units: 3, rates: propertyOnlyRates(7) },
    ],
  },
  {
    id: 2230104, slug: 'wawel-residence-krakow', country: 'pl', name: 'Hotel Wawel Residence', city: 'Kraków', cityId: -510625,
    street: 'ul. Grodzka 40', postalCode: '31-044', latitude: 50.0566, longitude: 19.9375,
    stars: 4, reviewScore: 8.8, reviews: 3051, genius: true, cardsAtProperty: ALL_CARDS, cityTaxEurCents: 0, vatPercent: 8,
    season: 'city', languages: ['pl', 'en-gb'], email: 'booking@wawel-residence.example', telephone: '+48 12 000 01 04',
    description: 'An Old Town residence on the Royal Route between the Main Square and Wawel.',
    rooms: [
      { id: 223010401, name: 'Classic Double Room', sizeM2: 19, adults: 2, total: 3, children: { total: 1, fromAge: 2, toAge: 12 }, nightEurCents: 10400, units: 7, rates: standardRates({ deal: { tags: ['seasonal_deal', 'limited_time_deal'], percent: 20 } }) },
      { id: 223010402, name: 'Apartment with Kitchen', sizeM2: 42, adults: 4, total: 5, children: { total: 2, fromAge: 2, toAge: 17 }, nightEurCents: 17500, units: 2, rates: standardRates({ freeDays: 7 }) },
    ],
  },
  {
    id: 2230219, slug: 'willa-giewont-zakopane', country: 'pl', name: 'Willa Giewont', city: 'Zakopane', cityId: -533545,
    street: 'ul. Kościeliska 18', postalCode: '34-500', latitude: 49.2969, longitude: 19.9456,
    stars: 3, reviewScore: 9.0, reviews: 802, genius: false, cardsAtProperty: VISA_MASTERCARD, cityTaxEurCents: 100, vatPercent: 8,
    season: 'ski', languages: ['pl', 'en-gb'], email: 'willa@giewont.example', telephone: '+48 18 000 02 19',
    description: 'A wooden highlander villa under Giewont. Weekends are always sold out.', fault: 'sold_out_weekends',
    rooms: [
      { id: 223021901, name: 'Double Room with Mountain View', sizeM2: 17, adults: 2, total: 3, children: { total: 1, fromAge: 2, toAge: 10 }, nightEurCents: 6900, units: 5, rates: standardRates({ freeDays: 3 }) },
      { id: 223021902, name: 'Quadruple Room', sizeM2: 30, adults: 4, total: 4, nightEurCents: 11200, units: 2, rates: standardRates({ freeDays: 3 }) },
    ],
  },
  {
    id: 2230321, slug: 'hotel-motlawa-gdansk', country: 'pl', name: 'Hotel Motława', city: 'Gdańsk', cityId: -501400,
    street: 'ul. Długie Pobrzeże 12', postalCode: '80-888', latitude: 54.3497, longitude: 18.6566,
    stars: 4, reviewScore: 8.6, reviews: 1420, genius: true, cardsAtProperty: ALL_CARDS, cityTaxEurCents: 50, vatPercent: 8,
    season: 'summer', languages: ['pl', 'en-gb', 'de'], email: 'hotel@motlawa.example', telephone: '+48 58 000 03 21',
    description: 'On the Long Embankment by the Crane. FAULT: its price rises with every further preview of a stay.', fault: 'price_surge',
    rooms: [
      { id: 223032101, name: 'Double Room', sizeM2: 21, adults: 2, total: 3, children: { total: 1, fromAge: 2, toAge: 11 }, nightEurCents: 11500, units: 6, rates: standardRates() },
    ],
  },
  {
    id: 2230436, slug: 'hotel-rynek-wroclaw', country: 'pl', name: 'Hotel Rynek Wrocław', city: 'Wrocław', cityId: -537119,
    street: 'Rynek 27', postalCode: '50-101', latitude: 51.1101, longitude: 17.0311,
    stars: 3, reviewScore: 8.3, reviews: 2210, genius: false, cardsAtProperty: ALL_CARDS, cityTaxEurCents: 0, vatPercent: 8,
    season: 'city', languages: ['pl', 'en-gb'], email: 'recepcja@rynek-wroclaw.example', telephone: '+48 71 000 04 36',
    description: 'On the Market Square. FAULT: orders/create always refuses, so the site has to refund.', fault: 'create_fails',
    rooms: [
      { id: 223043601, name: 'Standard Double Room', sizeM2: 18, adults: 2, total: 2, nightEurCents: 8800, units: 8, rates: standardRates() },
    ],
  },
  {
    id: 1120904, slug: 'hotel-horni-namesti-olomouc', country: 'cz', name: 'Hotel Horní náměstí', city: 'Olomouc', cityId: -548385,
    street: 'Horní náměstí 11', postalCode: '779 00', latitude: 49.5941, longitude: 17.2509,
    stars: 3, reviewScore: 8.5, reviews: 734, genius: false, cardsAtProperty: VISA_MASTERCARD, cityTaxEurCents: 100, vatPercent: 12,
    season: 'city', languages: ['cs', 'en-gb', 'de'], email: 'recepce@horni-namesti.example', telephone: '+420 585 000 904',
    description: 'By the Holy Trinity Column. FAULT: orders/cancel always answers failed, so a booking here cannot be cancelled.', fault: 'cancel_refused',
    rooms: [
      { id: 112090401, name: 'Standard Double Room', sizeM2: 19, adults: 2, total: 2, nightEurCents: 7900, units: 8, rates: standardRates() },
    ],
  },
  {
    id: 3340110, slug: 'donaublick-wien', country: 'at', name: 'Hotel Donaublick', city: 'Vienna', cityId: -1995499,
    street: 'Handelskai 94', postalCode: '1200', latitude: 48.2411, longitude: 16.3856,
    stars: 4, reviewScore: 8.2, reviews: 1876, genius: true, cardsAtProperty: ALL_CARDS, cityTaxEurCents: 320, vatPercent: 10,
    season: 'city', languages: ['de', 'en-gb'], email: 'reservierung@donaublick.example', telephone: '+43 1 000 0110',
    description: 'A business hotel on the Danube. FAULT: availability answers after 3 seconds.', fault: 'slow',
    rooms: [
      { id: 334011001, name: 'Comfort Double Room', sizeM2: 22, adults: 2, total: 3, children: { total: 1, fromAge: 2, toAge: 11 }, nightEurCents: 13900, units: 10, rates: standardRates() },
    ],
  },
  {
    id: 1120859, slug: 'resort-lipno-lakeside', country: 'cz', name: 'Resort Lipno Lakeside', city: 'Lipno nad Vltavou', cityId: -547870,
    street: 'Lipno nad Vltavou 307', postalCode: '382 78', latitude: 48.6347, longitude: 14.2236,
    stars: 4, reviewScore: 8.6, reviews: 1342, genius: true, cardsAtProperty: ALL_CARDS, cityTaxEurCents: 100, vatPercent: 12,
    season: 'summer', languages: ['cs', 'de', 'en-gb'], email: 'resort@lipno-lakeside.example', telephone: '+420 380 000 859',
    description: 'A lakeside family resort with full board and all-inclusive stays, and Black Friday and members-only prices.',
    rooms: [
      {
        id: 112085901, name: 'Family Room with Lake View', sizeM2: 32, adults: 2, total: 4, children: { total: 2, fromAge: 2, toAge: 14 }, nightEurCents: 13900, units: 5,
        rates: [
          { id: 501001, freeCancellationDays: 7, meal: 'full_board', timings: ['pay_online_now', 'pay_online_later'], adjustmentBp: 3000, deal: { tags: ['black_friday'], percent: 20 } },
          { id: 501002, freeCancellationDays: 7, meal: 'all_inclusive', timings: ['pay_online_now'], adjustmentBp: 5500, deal: { tags: ['logged_in_deal'], percent: 10 } },
        ],
      },
    ],
  },
  {
    id: 4450115, slug: 'villa-adriatic-split', country: 'hr', name: 'Villa Adriatic', city: 'Split', cityId: -95355,
    street: 'Obala Kneza Branimira 8', postalCode: '21000', latitude: 43.5069, longitude: 16.4349,
    stars: 4, reviewScore: 9.1, reviews: 655, genius: false, cardsAtProperty: ALL_CARDS, cityTaxEurCents: 180, vatPercent: 13,
    season: 'summer', languages: ['hr', 'en-gb', 'de'], email: 'info@villa-adriatic.example', telephone: '+385 21 000 115',
    description: 'A villa on the seafront promenade, five minutes from Diocletian’s Palace.',
    rooms: [
      { id: 445011501, name: 'Double Room with Sea View', sizeM2: 23, adults: 2, total: 3, children: { total: 1, fromAge: 2, toAge: 11 }, nightEurCents: 12900, units: 4, rates: standardRates({ freeDays: 14, deal: { tags: ['seasonal_deal'], percent: 12 } }) },
      { id: 445011502, name: 'Two-Bedroom Apartment', sizeM2: 55, adults: 4, total: 6, children: { total: 2, fromAge: 2, toAge: 17 }, nightEurCents: 21900, units: 2, rates: standardRates({ freeDays: 14 }) },
    ],
  },
];

const BY_ID = new Map(HOTELS.map((hotel) => [hotel.id, hotel]));

export function hotelById(id: number): Hotel | undefined {
  return BY_ID.get(id);
}

/** The slug that answers with the bot challenge page instead of a hotel. */
export const CHALLENGE_SLUG = 'bot-challenge';
