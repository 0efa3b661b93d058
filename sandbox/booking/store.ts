import { randomBytes, randomInt } from 'node:crypto';
import { and, count, desc, eq, gt, inArray, lt } from 'drizzle-orm';
import { nightsOf } from './calendar';
import { type SandboxDb, sandboxDb } from '../db/database';
import type { SandboxContext } from '../index';
import { sandboxBookingOrders, sandboxBookingPreviews, type StoredOrder } from './schema';

export async function bookingDb(context: SandboxContext): Promise<SandboxDb> {
  return sandboxDb(await context.services.db(), 'booking');
}

/** An opaque order token, long and random like Booking.com's. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Booking.com-shaped identifiers: a 15-digit order id, a 10-digit reservation, a 4-digit PIN. */
export function newOrderNumbers() {
  return {
    id: `${randomInt(1, 10)}${String(randomInt(0, 1e7)).padStart(7, '0')}${String(randomInt(0, 1e7)).padStart(7, '0')}`,
    reservation: randomInt(1e9, 9e9),
    pincode: String(randomInt(0, 10_000)).padStart(4, '0'),
  };
}

export async function previewsOfStay(db: SandboxDb, hotelId: number, checkin: string, checkout: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(sandboxBookingPreviews)
    .where(and(eq(sandboxBookingPreviews.hotelId, hotelId), eq(sandboxBookingPreviews.checkin, checkin), eq(sandboxBookingPreviews.checkout, checkout)));
  return row?.n ?? 0;
}

/** Units of each room booked per night (`{room}|{date}` → count) by live orders overlapping a stay. */
export async function bookedUnits(db: SandboxDb, hotelId: number, checkin: string, checkout: string): Promise<Map<string, number>> {
  const t = sandboxBookingOrders;
  const rows = await db
    .select({ checkin: t.checkin, checkout: t.checkout, products: t.products })
    .from(t)
    .where(and(eq(t.hotelId, hotelId), eq(t.status, 'booked'), lt(t.checkin, checkout), gt(t.checkout, checkin)));
  const taken = new Map<string, number>();
  for (const row of rows) {
    for (const date of nightsOf(row.checkin, row.checkout)) {
      for (const product of row.products) taken.set(`${product.room}|${date}`, (taken.get(`${product.room}|${date}`) ?? 0) + 1);
    }
  }
  return taken;
}

export async function previewByToken(db: SandboxDb, token: string) {
  const [row] = await db.select().from(sandboxBookingPreviews).where(eq(sandboxBookingPreviews.token, token));
  return row;
}

export async function orderById(db: SandboxDb, id: string): Promise<StoredOrder | undefined> {
  const [row] = await db.select().from(sandboxBookingOrders).where(eq(sandboxBookingOrders.id, id));
  return row;
}

export async function ordersByIds(db: SandboxDb, ids: string[]): Promise<StoredOrder[]> {
  if (ids.length === 0) return [];
  return db.select().from(sandboxBookingOrders).where(inArray(sandboxBookingOrders.id, ids)).orderBy(sandboxBookingOrders.createdAt);
}

export async function ordersByReservations(db: SandboxDb, reservations: number[]): Promise<StoredOrder[]> {
  if (reservations.length === 0) return [];
  return db.select().from(sandboxBookingOrders).where(inArray(sandboxBookingOrders.reservation, reservations)).orderBy(sandboxBookingOrders.createdAt);
}

export async function recentOrders(db: SandboxDb, limit = 100): Promise<StoredOrder[]> {
  return db.select().from(sandboxBookingOrders).orderBy(desc(sandboxBookingOrders.createdAt)).limit(limit);
}
