import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { availabilityById, markCardless } from '@/server/booking/availability';
import { previewById } from '@/server/booking/preview';
import { availabilityCache, hotelOrders } from '@/server/db/schema';
import { hotelOrderRecord } from '@/server/orders/hotel/record';
import { UnavailableReason } from '@/gen/dzb/v1/hotel_pb';
import { databaseKinds } from '../support/databases';
import { CZECH } from '../support/shop';
import type { Shop } from '../support/shop';
import { HOTELS, openHotelShop, orderByTransfer } from './support';

const CZ = { variant: 'cz', locale: 'cs' } as const;
const PL = { variant: 'pl', locale: 'pl' } as const;

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
    // A copy under an id this process has not read yet (an answer once decoded is kept decoded).
    const id = randomUUID();
    await shop.handle.db.execute(sql`
      insert into availability_cache (id, cache_key, site, language, hotel_id, stay, currency, hotel, availability, cardless, created_at, expires_at)
      select ${id}, cache_key || '-copy', site, language, hotel_id, stay, currency, hotel, jsonb_set(availability, '{at}', '"yesterday"'), cardless, created_at, expires_at
      from availability_cache where id = ${availability.availabilityId!.id}`);
    await expect(availabilityById(shop.ctx.services, CZ, id)).rejects.toThrow(/stored availability does not match its schema/);
  });

  it('reads a stored answer again with the rates found cardless since, and not once it expired', async () => {
    const { availability } = await orderByTransfer(shop, HOTELS.prague);
    const id = availability.availabilityId!.id;
    const first = await availabilityById(shop.ctx.services, CZ, id);
    const rate = first.availability.offers[0]!.id;
    await markCardless(shop.ctx.services, id, [rate]);
    expect((await availabilityById(shop.ctx.services, CZ, id)).cardless).toEqual([rate]);
    await expect(availabilityById(shop.ctx.services, PL, id)).rejects.toThrow(/availability_expired/);
    await shop.handle.db.update(availabilityCache).set({ expiresAt: new Date(shop.ctx.services.clock.now().getTime() - 1000) }).where(eq(availabilityCache.id, id));
    await expect(availabilityById(shop.ctx.services, CZ, id)).rejects.toThrow(/availability_expired/);
  });

  it('answers a stored answer by id alike every time, until a rate of it turns out cardless', async () => {
    const { availability } = await orderByTransfer(shop, HOTELS.prague);
    const id = availability.availabilityId!.id;
    const api = shop.ctx.client('cz');
    const byId = () => api.hotelAvailability({ productVariant: CZECH, lookup: { case: 'byId', value: { availabilityId: { id } } } });
    const first = await byId();
    expect(await byId()).toEqual(first);
    const rate = first.hotelAvailability!.rooms[0]!.products[0]!;
    expect(rate.orderability?.isAvailable).toBe(true);

    await markCardless(shop.ctx.services, id, [rate.productId!.id]);
    const after = await byId();
    const same = after.hotelAvailability!.rooms[0]!.products[0]!;
    expect(same.productId).toEqual(rate.productId);
    expect(same.orderability).toMatchObject({ isAvailable: false, unavailableReason: UnavailableReason.CARD_PAYMENT_NOT_SUPPORTED });
    expect(await byId()).toEqual(after);
  });
});
