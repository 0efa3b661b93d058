import 'server-only';
import { SITE_CONFIG } from '@/lib/site-config';
import { voucherGuessingWaves } from '../db/schema/vouchers';
import { inTransaction } from '../db/transaction';
import { DomainError } from '../errors';
import { enqueueMail } from '../notifications/outbox';
import { operatorAlertMail } from '../notifications/templates/operator-alert';
import { renderEmail } from '../notifications/templates/render';
import type { Caller } from '../security/caller';
import { clientKey } from '../security/client-key';
import type { Services } from '../services';
import { normalizeVoucherCode } from '@/lib/voucher-code';
import { hiddenHits, nearVouchers, recordMisses, type VoucherHit } from './holds';

/** Codes one call may carry: enough for any real order, few for a guesser. */
export const MAX_CODES_PER_CALL = 5;

/**
 * What looking codes up as guesses takes: the database and the clock, the budgets and the proof of
 * work, the holds' job queue, and the operator's alert (the configuration, the mail queue and monitoring).
 */
export type GuessLookups = Pick<Services, 'budgets' | 'clock' | 'config' | 'db' | 'jobs' | 'report'>;

/** One entry a visitor typed: as typed (trimmed), and as a code when it has the shape of one. */
export interface EnteredCode {
  text: string;
  code: string | undefined;
}

/** What a lookup found: its answer, how many codes matched no usable voucher, and the vouchers it found. */
export interface Looked<T> {
  result: T;
  misses: number;
  /** Usable vouchers found by their codes (coupons are not guessed for). */
  hits: VoucherHit[];
}

/**
 * What a visitor typed, as lookups see it: normalised first, then deduplicated ("1234 5678" and
 * "12345678" are one code), in the order typed, at most MAX_CODES_PER_CALL.
 */
export function enteredCodes(entries: readonly string[]): EnteredCode[] {
  const seen = new Map<string, EnteredCode>();
  for (const entry of entries) {
    const text = entry.trim();
    if (!text) continue;
    const code = normalizeVoucherCode(text);
    const key = code ?? `text:${text}`;
    if (!seen.has(key)) seen.set(key, { text, code });
    if (seen.size > MAX_CODES_PER_CALL) throw new DomainError('too_many_voucher_codes');
  }
  return [...seen.values()];
}

/**
 * Looks up well-formed codes as what they are to an attacker: guesses. Voucher codes are only 8
 * digits, so each code is a unit of the caller's voucherGuesses budget and of the site-wide one,
 * both taken before the lookup (one atomic statement each, so concurrent callers can never look
 * up more than the budget between them) and given back for the hits. Beyond either budget the
 * caller proves a little work per call (server/security/step-up.ts), capped whatever anyone did.
 * Proof of work alone cannot stop a botnet at that cap, so a hit is judged by its client's misses
 * (holds.ts): found after more misses than typing explains, the voucher is held and answers as a
 * miss. `lookup` is asked again with the codes to treat as misses when a hit is hidden.
 */
export async function lookUpGuesses<T>(
  services: GuessLookups,
  caller: Caller,
  codes: readonly string[],
  lookup: (hidden: ReadonlySet<string>) => Promise<Looked<T>>,
): Promise<T> {
  const client = await services.budgets.spend('voucherGuesses', caller, codes.length);
  const site = await spendSiteWide(services, caller, codes.length).catch(async (error: unknown) => {
    await client.giveBack(codes.length);
    throw error;
  });
  let answer: Looked<T>;
  try {
    answer = await lookup(new Set());
    const who = clientKey(caller.address);
    const found = new Set(answer.hits.map((hit) => hit.code));
    const missed = codes.filter((code) => !found.has(code));
    const near = await nearVouchers(services, missed);
    const hidden = await hiddenHits(services, who, answer.hits, missed, near, site.steppedUp);
    if (hidden.size > 0) answer = await lookup(hidden);
    // A held voucher answers as a miss, but its code is no miss of the client's: counted, it
    // would hold the next voucher found behind the same address too.
    await recordMisses(services, who, missed, near);
  } catch (error) {
    await Promise.all([client.giveBack(codes.length), site.giveBack(codes.length)]);
    throw error;
  }
  await Promise.all([client.giveBack(codes.length - answer.misses), site.giveBack(codes.length - answer.misses)]);
  return answer.result;
}

/** The site-wide budget; the operator is told the first time in a window that a lookup went beyond it. */
async function spendSiteWide(services: GuessLookups, caller: Caller, units: number) {
  try {
    const spent = await services.budgets.spend('voucherGuessesSiteWide', caller, units);
    if (spent.steppedUp) await alertOnce(services);
    return spent;
  } catch (error) {
    if (error instanceof DomainError && error.code === 'challenge_required') await alertOnce(services);
    throw error;
  }
}

const alerted = new WeakMap<object, string>();

/** Once per window and process (the mail's event key makes it once across replicas): the log, monitoring, an e-mail and the console's list. */
async function alertOnce(services: GuessLookups): Promise<void> {
  const { max, windowSeconds } = services.config.budgets.voucherGuessesSiteWide;
  const now = services.clock.now();
  const windowStart = new Date(Math.floor(now.getTime() / (windowSeconds * 1000)) * windowSeconds * 1000);
  if (alerted.get(services) === windowStart.toISOString()) return;
  alerted.set(services, windowStart.toISOString());
  const mail = await renderEmail('cs', services.config.publicUrl.cz, (context) =>
    operatorAlertMail(context, { misses: max, since: windowStart }),
  );
  const { db } = await services.db();
  const first = await inTransaction(db, async (tx) => {
    // The wave's row is what the console's Needs attention lists; once per window, as the mail.
    await tx
      .insert(voucherGuessingWaves)
      .values({ id: crypto.randomUUID(), windowStart, misses: max, detectedAt: now })
      .onConflictDoNothing({ target: voucherGuessingWaves.windowStart });
    return enqueueMail(services, tx, {
      eventKey: `voucher-guessing:${windowStart.toISOString()}`,
      site: 'cz',
      to: services.config.mail.operatorTo ?? SITE_CONFIG.cz.email,
      ...mail,
    });
  });
  if (first) {
    services.report(new Error(`voucher guessing: ${max} codes matched no voucher since ${windowStart.toISOString()}; lookups now need a proof of work`), {
      operation: 'vouchers.guesses',
    });
  }
}
