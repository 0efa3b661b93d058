import 'server-only';
import { and, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { voucherCodeMisses, voucherHolds, vouchers } from '../db/schema/vouchers';
import { inTransaction } from '../db/transaction';
import type { Services } from '../services';

/** How long a client's misses count against a later hit of theirs. */
export const MISS_MEMORY_DAYS = 30;

/**
 * Misses no typing error explains that a client may have had before a hit stays usable to it:
 * during a guessing wave (the site-wide budget of misses spent) none, otherwise a few (an old
 * voucher tried first, a code of another site).
 */
export const UNEXPLAINED_MISSES_ALLOWED = { wave: 0, calm: 2 } as const;

export interface VoucherHit {
  code: string;
  voucherId: string;
}

type Holding = Pick<Services, 'clock' | 'db' | 'jobs'>;

/**
 * Whether `typed` is `code` with one typing error: one digit wrong, or two neighbouring digits
 * swapped. A person hunting for their own code makes these; a guesser's random codes almost never
 * land one step from a real one (72 of the 10⁸ codes are one digit off, at most 7 a swap away).
 */
export function oneTypoApart(typed: string, code: string): boolean {
  if (typed.length !== code.length || typed === code) return false;
  const differ = [...code].flatMap((digit, i) => (typed[i] === digit ? [] : [i]));
  if (differ.length === 1) return true;
  const [first = 0, second = 0] = differ;
  return differ.length === 2 && second === first + 1 && typed[first] === code[second] && typed[second] === code[first];
}

/** Every code one typing error away from `code` (72 with one digit wrong, up to 7 with neighbours swapped). */
export function typoNeighbours(code: string): string[] {
  const near = new Set<string>();
  for (let i = 0; i < code.length; i++) {
    for (let digit = 0; digit < 10; digit++) near.add(`${code.slice(0, i)}${digit}${code.slice(i + 1)}`);
    if (i + 1 < code.length) near.add(`${code.slice(0, i)}${code[i + 1]}${code[i]}${code.slice(i + 2)}`);
  }
  near.delete(code);
  return [...near];
}

/**
 * The misses that are one typing error away from some voucher's code: what a person who mistyped
 * their code makes, whoever else shares their address. A guesser's random code lands there about
 * once in 60 guesses with 20,000 live vouchers (79 neighbours each among 10⁸ codes).
 */
export async function nearVouchers(services: Pick<Services, 'db'>, misses: readonly string[]): Promise<Set<string>> {
  if (misses.length === 0) return new Set();
  const neighbours = new Map<string, string[]>();
  for (const miss of misses) for (const near of typoNeighbours(miss)) neighbours.set(near, [...(neighbours.get(near) ?? []), miss]);
  const { db } = await services.db();
  const real = await db.select({ code: vouchers.code }).from(vouchers).where(inArray(vouchers.code, [...neighbours.keys()]));
  return new Set(real.flatMap((row) => neighbours.get(row.code) ?? []));
}

/**
 * The hits this client must not see: vouchers held already, and vouchers it found after more
 * misses (in MISS_MEMORY_DAYS, this call's included) than typing errors of the code explain. Those
 * are held now, in one transaction with the job that asks the owner to confirm, so a guesser who
 * lands on a real code learns nothing and can spend nothing: the code answers as a miss until its
 * owner or an operator releases it. A client without a known address has no history to judge.
 */
export async function hiddenHits(
  services: Holding,
  client: string | undefined,
  hits: readonly VoucherHit[],
  missedNow: readonly string[],
  nearNow: ReadonlySet<string>,
  wave: boolean,
): Promise<Set<string>> {
  const hidden = new Set<string>();
  if (hits.length === 0) return hidden;
  const { db } = await services.db();
  const open = await db
    .select({ voucherId: voucherHolds.voucherId })
    .from(voucherHolds)
    .where(and(inArray(voucherHolds.voucherId, hits.map((h) => h.voucherId)), isNull(voucherHolds.releasedAt)));
  const held = new Set(open.map((row) => row.voucherId));
  const earlier = client ? await missesOf(services, client) : [];
  const allowed = wave ? UNEXPLAINED_MISSES_ALLOWED.wave : UNEXPLAINED_MISSES_ALLOWED.calm;
  for (const hit of hits) {
    if (held.has(hit.voucherId)) {
      hidden.add(hit.code);
      continue;
    }
    if (!client) continue;
    const typed = [...earlier, ...missedNow.map((code) => ({ code, nearVoucher: nearNow.has(code) }))];
    const unexplained = typed.filter((miss) => !miss.nearVoucher && !oneTypoApart(miss.code, hit.code)).length;
    if (unexplained <= allowed) continue;
    await hold(services, hit, client, unexplained);
    hidden.add(hit.code);
  }
  return hidden;
}

/** Remembers a client's misses (well-formed codes that matched no usable voucher). */
export async function recordMisses(
  services: Pick<Services, 'clock' | 'db'>,
  client: string | undefined,
  codes: readonly string[],
  near: ReadonlySet<string>,
): Promise<void> {
  if (!client || codes.length === 0) return;
  const { db } = await services.db();
  const at = services.clock.now();
  await db.insert(voucherCodeMisses).values(codes.map((code) => ({ clientKey: client, code, nearVoucher: near.has(code), at })));
}

/** Forgets misses older than MISS_MEMORY_DAYS (job maintenance.cleanup). */
export async function forgetOldMisses(services: Pick<Services, 'clock' | 'db'>): Promise<void> {
  const { db } = await services.db();
  await db.delete(voucherCodeMisses).where(lt(voucherCodeMisses.at, since(services)));
}

async function missesOf(services: Pick<Services, 'clock' | 'db'>, client: string): Promise<{ code: string; nearVoucher: boolean }[]> {
  const { db } = await services.db();
  return db
    .select({ code: voucherCodeMisses.code, nearVoucher: voucherCodeMisses.nearVoucher })
    .from(voucherCodeMisses)
    .where(and(eq(voucherCodeMisses.clientKey, client), gte(voucherCodeMisses.at, since(services))));
}

async function hold(services: Holding, hit: VoucherHit, client: string, unexplainedMisses: number): Promise<void> {
  const { db } = await services.db();
  await inTransaction(db, async (tx) => {
    const [created] = await tx
      .insert(voucherHolds)
      .values({ id: crypto.randomUUID(), voucherId: hit.voucherId, clientKey: client, unexplainedMisses, heldAt: services.clock.now() })
      .onConflictDoNothing({ target: voucherHolds.voucherId, where: sql`${voucherHolds.releasedAt} IS NULL` })
      .returning({ id: voucherHolds.id });
    // A hold made meanwhile by another call asked the owner already.
    if (created) await services.jobs.send('vouchers.mail-held', { holdId: created.id }, { tx, singletonKey: created.id });
  });
}

function since(services: Pick<Services, 'clock'>): Date {
  return new Date(services.clock.now().getTime() - MISS_MEMORY_DAYS * 86_400_000);
}
