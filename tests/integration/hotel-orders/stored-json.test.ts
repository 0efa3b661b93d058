import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { availabilityById } from '@/server/booking/availability';
import { previewById } from '@/server/booking/preview';
import { availabilityCache, hotelOrders } from '@/server/db/schema';
import { hotelOrderRecord } from '@/server/orders/hotel/record';
import { databaseKinds } from '../support/databases';
import type { Shop } from '../support/shop';
import { HOTELS, openHotelShop, orderByTransfer } from './support';

const CZ = { variant: 'cz', locale: 'cs' } as const;

/**
 * The JSON columns of the booking tables hold what their schema says (server/db/stored): read
 * back, instants are Dates again, and a row that does not match is refused by name, never
 * handed to the domain half-typed.
 */
describe.each(databaseKinds())('stored JSON of availabilities, previews and hotel orders, on %s', (kind) => {
  let shop: Shop;
  beforeEach(async () => {
    shop = await openHotelShop(kind);
  });
  afterEach(() => shop.close());

  it('comes back with its instants as Dates', async () => {
    const { availability, preview, order } = await orderByTransfer(shop, HOTELS.prague);
    const cached = await availabilityById(shop.ctx.services, CZ, availability.availabilityId!.id);
    expect(cached.availability.at).toBeInstanceOf(Date);
    const refundable = cached.availability.offers.filter((offer) => offer.freeCancellationUntil);
    expect(refundable.length).toBeGreaterThan(0);
    for (const offer of refundable) expect(offer.freeCancellationUntil).toBeInstanceOf(Date);

    const stored = await previewById(shop.ctx.services, CZ, preview.previewId!.id, { allowExpired: true });
    expect(stored.offers.every((offer) => !offer.freeCancellationUntil || offer.freeCancellationUntil instanceof Date)).toBe(true);
    const steps = stored.portal.products.flatMap((product) => product.cancellation);
    expect(steps.length).toBeGreaterThan(0);
    for (const step of steps) expect(step.from === 'now' || step.from instanceof Date).toBe(true);

    const [row] = await shop.handle.db.select().from(hotelOrders).where(eq(hotelOrders.orderId, order.orderId!.id));
    const record = hotelOrderRecord(row!);
    expect(record.products.length).toBe(1);
    expect(record.products[0]!.freeCancellationUntil).toBeInstanceOf(Date);
    expect(record.stay).toMatchObject({ checkIn: '2026-12-14', checkOut: '2026-12-16', rooms: 1, adults: 2 });
  });

  it('refuses a row whose JSON does not match its schema, naming the column', async () => {
    const { availability } = await orderByTransfer(shop, HOTELS.prague);
    const id = availability.availabilityId!.id;
    await shop.handle.db
      .update(availabilityCache)
      .set({ availability: sql`jsonb_set(${availabilityCache.availability}, '{at}', '"yesterday"')` })
      .where(eq(availabilityCache.id, id));
    await expect(availabilityById(shop.ctx.services, CZ, id)).rejects.toThrow(/stored availability does not match its schema/);
  });
});
