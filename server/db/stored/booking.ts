import { z } from 'zod';

/**
 * The JSON the booking tables keep (availability_cache, previews, hotel_orders), owned by the
 * schema: what a row holds, in JSON's own terms (instants are ISO strings), checked with these
 * schemas whenever a row is read. The domain maps its types to and from them
 * (server/booking/stored.ts), so a Date never pretends to be one after a round trip.
 */
const instant = z.iso.datetime({ offset: true });
const minor = z.number().int();
const photo = z.object({ standard: z.string(), large: z.string() });
const timing = z.enum(['pay_online_now', 'pay_online_later', 'pay_at_the_property']);
const mealPlan = z.object({
  plan: z.enum(['no_plan', 'breakfast_included', 'half_board', 'full_board', 'all_inclusive']),
  meals: z.array(z.enum(['breakfast', 'lunch', 'dinner'])),
});
const charge = z.object({ name: z.string(), type: z.number().int().optional(), percentageBasisPoints: z.number().int(), amount: minor, online: z.boolean() });

export const storedStay = z.object({
  checkIn: z.string(),
  checkOut: z.string(),
  rooms: z.number().int(),
  adults: z.number().int(),
  childrenAges: z.array(z.number().int()),
});

export const storedHotel = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  address: z.object({ street: z.string(), city: z.string(), country: z.string(), postalCode: z.string() }),
  coordinates: z.object({ latitude: z.number(), longitude: z.number() }),
  rating: z.object({ stars: z.number(), reviewScore: z.number(), reviews: z.number() }),
  photos: z.array(photo),
  genius: z.boolean(),
  cardsAtProperty: z.boolean(),
  rooms: z.record(z.string(), z.object({ name: z.string(), photos: z.array(photo) })),
});

/** The hotel as an order keeps it: what its pages and documents show. */
export const storedOrderHotel = storedHotel
  .pick({ id: true, name: true, url: true, address: true, coordinates: true, rating: true })
  .extend({ photo: z.string().optional() });

export const storedOffer = z.object({
  id: z.string(),
  roomId: z.string(),
  unitsAvailable: z.number().int(),
  freeCancellationUntil: instant.optional(),
  price: z.object({ publicPrice: minor, book: minor, total: minor, chargeableOnline: minor.nullable() }),
  deals: z.array(z.enum(['black_friday', 'limited_time_deal', 'logged_in_deal', 'mobile_rate', 'seasonal_deal', 'genius'])),
  mealPlan,
  occupancy: z.object({
    adults: z.number().int(),
    total: z.number().int(),
    children: z.array(z.object({ total: z.number().int(), fromAge: z.number().int(), toAge: z.number().int() })),
  }),
  charges: z.array(charge),
  timings: z.array(timing),
});

export const storedAvailability = z.object({
  requestId: z.string(),
  at: instant,
  currency: z.string(),
  offers: z.array(storedOffer),
});

const price = z.object({ base: minor, total: minor, chargeableOnline: minor });

export const storedPortalPreview = z.object({
  requestId: z.string(),
  token: z.string(),
  currency: z.string(),
  products: z.array(
    z.object({
      id: z.string(),
      roomId: z.string(),
      price,
      charges: z.array(charge),
      mealPlan,
      cancellation: z.array(z.object({ from: z.union([z.literal('now'), instant]), fee: minor })),
      occupancyMismatch: z.boolean(),
    }),
  ),
  price,
  timings: z.partialRecord(timing, z.object({ cards: z.boolean() })),
});

export const storedAllocation = z.array(z.object({ adults: z.number().int(), children: z.array(z.number().int()) }));

export const storedPreviewOptions = z.object({ cancellationInsurance: z.boolean(), carRentalInterest: z.boolean() });

export const storedPricedProduct = z.object({
  productId: z.string(),
  roomId: z.string(),
  name: z.string(),
  mealPlan,
  base: minor,
  payOnline: minor,
  payOnSite: minor,
  total: minor,
  charges: z.array(charge),
  freeCancellationUntil: instant.optional(),
});

/** A cancellation fee schedule of one unit: from each instant on ('now' first) the fee. */
export const storedCancellationSchedule = z.array(z.object({ from: z.union([z.literal('now'), instant]), fee: minor }));

export type StoredStay = z.infer<typeof storedStay>;
export type StoredHotel = z.infer<typeof storedHotel>;
export type StoredOrderHotel = z.infer<typeof storedOrderHotel>;
export type StoredOffer = z.infer<typeof storedOffer>;
export type StoredAvailabilityJson = z.infer<typeof storedAvailability>;
export type StoredPortalPreview = z.infer<typeof storedPortalPreview>;
export type StoredAllocation = z.infer<typeof storedAllocation>;
export type StoredPreviewOptions = z.infer<typeof storedPreviewOptions>;
export type StoredPricedProduct = z.infer<typeof storedPricedProduct>;
export type StoredCancellationSchedule = z.infer<typeof storedCancellationSchedule>;

/** A stored value read back: checked against its schema, or an error naming the column. */
export function readStored<S extends z.ZodType>(schema: S, value: unknown, column: string): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new Error(`stored ${column} does not match its schema: ${parsed.error.message}`);
  return parsed.data;
}
