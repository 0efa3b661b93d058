import 'server-only';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { siteSecrets } from '../db/schema/security';
import type { Services } from '../services';

const known = new WeakMap<object, Map<string, Promise<string>>>();

/**
 * A secret the site makes for itself: 256 random bits, written once by whichever replica asks
 * first (a second insert loses and reads the winner's), then kept in memory. Replicas on one
 * database therefore share it without anyone configuring it.
 */
export function siteSecret(services: Pick<Services, 'clock' | 'db'>, name: string): Promise<string> {
  let byName = known.get(services);
  if (!byName) known.set(services, (byName = new Map()));
  let secret = byName.get(name);
  if (!secret) {
    secret = readOrCreate(services, name);
    secret.catch(() => byName.delete(name));
    byName.set(name, secret);
  }
  return secret;
}

async function readOrCreate(services: Pick<Services, 'clock' | 'db'>, name: string): Promise<string> {
  const { db } = await services.db();
  await db
    .insert(siteSecrets)
    .values({ name, value: randomBytes(32).toString('base64url'), createdAt: services.clock.now() })
    .onConflictDoNothing();
  const [row] = await db.select().from(siteSecrets).where(eq(siteSecrets.name, name));
  if (!row) throw new Error(`site secret ${name} could not be read back`);
  return row.value;
}
