import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { describe, expect, it } from 'vitest';
import { Deal, HotelAvailabilityResponseSchema, Meal, MealPlanType, UnavailableReason } from '@/gen/dzb/v1/hotel_pb';
import { availabilityView, stayView } from '@/lib/rpc/hotel-search';

const czk = (units: number) => ({ currencyCode: 'CZK', units: BigInt(units), nanos: 0 });

const response = create(HotelAvailabilityResponseSchema, {
  availabilityId: { id: 'av-1' },
  hotelRequest: { hotelId: { id: '42' }, checkIn: '2030-06-12', checkOut: '2030-06-14', rooms: 1, adults: 2, childrenAges: [5] },
  hotelDetail: {
    hotelId: { id: '42' },
    name: 'Hotel Test',
    url: 'https://www.booking.com/hotel/cz/test.html',
    address: { streetNumber: 'Náměstí 1', city: 'Praha', country: 'CZ', postalCode: '110 00' },
    rating: { stars: 4, reviewScore: 8.7, numberOfReviews: 120 },
    photos: {
      mainPhoto: { standardUrl: 'https://img/s.jpg', largeUrl: 'https://img/l.jpg' },
      others: [{ standardUrl: 'https://img/s2.jpg', largeUrl: 'https://img/l2.jpg' }, { standardUrl: '', largeUrl: '' }],
    },
    coordinates: { latitude: 50, longitude: 14 },
  },
  hotelAvailability: {
    rooms: [
      {
        roomId: { id: 'r1' },
        name: 'Double',
        photos: [{ standardUrl: 'https://img/r1.jpg', largeUrl: 'https://img/r1-l.jpg' }],
        products: [
          {
            productId: { id: 'p1' },
            numberAvailableAtThisPrice: 3,
            freeCancellationUntil: timestampFromDate(new Date('2030-06-10T22:00:00Z')),
            price: { publicPrice: czk(2000), discountedPrice: czk(1800), deals: [Deal.MOBILE_RATE, Deal.GENIUS] },
            mealPlan: { plan: MealPlanType.BREAKFAST_INCLUDED, meals: [Meal.BREAKFAST] },
            fitsOccupancy: true,
            maximumOccupancy: { adults: 2, total: 3, children: [{ total: 1, fromAge: 2, toAge: 11 }] },
            orderability: { isAvailable: true },
            extraCharges: [{ name: 'City tax', chargeType: 142, value: czk(50), chargeableOnline: false }],
          },
          {
            productId: { id: 'p2' },
            numberAvailableAtThisPrice: 1,
            price: { publicPrice: czk(1500), discountedPrice: czk(1500) },
            mealPlan: { plan: MealPlanType.NO_PLAN },
            maximumOccupancy: { adults: 2, total: 2 },
            orderability: { isAvailable: false, unavailableReason: UnavailableReason.NOT_PAYABLE_ONLINE },
          },
        ],
      },
    ],
  },
});

describe('the availability as the order page shows it', () => {
  const view = availabilityView(response);

  it('keeps the id, the stay and the hotel', () => {
    expect(view.id).toBe('av-1');
    expect(view.stay).toEqual({ checkIn: '2030-06-12', checkOut: '2030-06-14', rooms: 1, adults: 2, childrenAges: [5] });
    expect(view.hotel).toMatchObject({ id: '42', name: 'Hotel Test', stars: 4, reviews: 120 });
    // The main photo first, then the others; a photo without an address is left out.
    expect(view.hotel.photos).toEqual([
      { url: 'https://img/s.jpg', largeUrl: 'https://img/l.jpg' },
      { url: 'https://img/s2.jpg', largeUrl: 'https://img/l2.jpg' },
    ]);
    expect(view.rooms[0]?.photos).toEqual([{ url: 'https://img/r1.jpg', largeUrl: 'https://img/r1-l.jpg' }]);
    expect(view.hotel.address).toEqual({ street: 'Náměstí 1', city: 'Praha', country: 'CZ', postalCode: '110 00' });
  });

  it('turns a rate into minor units, names and an ISO deadline', () => {
    expect(view.rooms[0]!.products[0]).toMatchObject({
      id: 'p1',
      unitsLeft: 3,
      freeCancellationUntil: '2030-06-10T22:00:00.000Z',
      price: { amount: 180_000, currency: 'CZK' },
      publicPrice: { amount: 200_000, currency: 'CZK' },
      deals: ['mobile_rate', 'genius'],
      mealPlan: 'breakfast_included',
      meals: ['breakfast'],
      charges: [{ kind: 'cityTax', value: { amount: 5_000, currency: 'CZK' }, online: false }],
    });
    expect(view.rooms[0]!.products[0]!.unavailableReason).toBeUndefined();
  });

  it('marks a non-refundable rate and why a rate cannot be ordered', () => {
    const rate = view.rooms[0]!.products[1]!;
    expect(rate.freeCancellationUntil).toBeUndefined();
    expect(rate.mealPlan).toBe('no_plan');
    expect(rate.unavailableReason).toBe('not_payable_online');
  });

  it('fills a link without a stay with the defaults the form starts from', () => {
    expect(stayView(undefined)).toEqual({ checkIn: '', checkOut: '', rooms: 1, adults: 2, childrenAges: [] });
  });
});
