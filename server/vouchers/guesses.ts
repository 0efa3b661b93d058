import 'server-only';
import { SITE_CONFIG } from '@/lib/site-config';
import { inTransaction } from '../db/transaction';
import { DomainError } from '../errors';
import { enqueueMail } from '../notifications/outbox';
import { operatorAlertMail } from '../notifications/templates/operator-alert';
import { renderEmail } from '../notifications/templates/render';
import type { Caller } from '../security/caller';
import type { Services } from '../services';
import { normalizeVoucherCode } from '@/lib/voucher-code';

/** Codes one call may carry: enough for any real order, few for a guesser. */
export const MAX_CODES_PER_CALL = 5;

/**
 * The proof of work asked for once the site-wide budget is spent: `baseWork` SHA-256 steps on
 * average for the first lookup, `growth` times more after each further miss in the window (the
 * README works out what this leaves an attacker).
 */
export const STEP_UP = { baseWork: 50_000, growth: 8, maxWork: 2 ** 52 } as const;

/**
 * What looking codes up as guesses takes: the database and the clock, the budgets and the proof of
 * work, and the operator's alert (the configuration, the mail queue and monitoring).
 */
export type GuessLookups = Pick<Services, 'budgets' | 'clock' | 'config' | 'db' | 'jobs' | 'report'>;

/** One entry a visitor typed: as typed (trimmed), and as a code when it has the shape of one. */
export interface EnteredCode {
  text: string;
  code: string | undefined;
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
 * digits, so every code that matches no usable voucher costs its caller one unit of the
 * voucherGuesses budget (taken for all codes before the lookup, given back for the hits) and
 * counts towards the site-wide budget. Once that is spent, a lookup is answered only with a proof
 * of work whose cost grows with each further miss: a visitor with a real code still gets through,
 * a guesser pays more for every guess, and the operator is told when it starts.
 */
export async function lookUpGuesses<T>(
  services: GuessLookups,
  caller: Caller,
  codes: readonly string[],
  lookup: () => Promise<{ result: T; misses: number }>,
): Promise<T> {
  const giveBack = await services.budgets.spend('voucherGuesses', caller.address, codes.length);
  let answer: { result: T; misses: number };
  try {
    await requireProofWhenSteppedUp(services, caller);
    answer = await lookup();
  } catch (error) {
    await giveBack(codes.length);
    throw error;
  }
  await giveBack(codes.length - answer.misses);
  if (answer.misses > 0) await countMisses(services, answer.misses);
  return answer.result;
}

/** The work a proof must show when the site-wide budget is `over` units past its end (0 = just spent). */
export function stepUpWork(over: number): number {
  return Math.min(STEP_UP.maxWork, STEP_UP.baseWork * STEP_UP.growth ** over);
}

async function requireProofWhenSteppedUp(services: Pick<Services, 'budgets' | 'config'>, caller: Caller): Promise<void> {
  const over = (await services.budgets.used('voucherGuessesSiteWide', caller.address)) - services.config.budgets.voucherGuessesSiteWide.max;
  if (over < 0) return;
  const work = stepUpWork(over);
  const check = await services.budgets.checkProof(caller.proof, work);
  if (check === 'ok') return;
  throw new DomainError('challenge_required', `voucher lookups need a proof of work (${check})`, { challenge: await services.budgets.issueChallenge(work) });
}

async function countMisses(services: GuessLookups, misses: number): Promise<void> {
  const { max, windowSeconds } = services.config.budgets.voucherGuessesSiteWide;
  const { before, after } = await services.budgets.tally('voucherGuessesSiteWide', 'site', misses);
  if (before < max && after >= max) await alertOperator(services, max, windowSeconds);
}

/** Once per window: the log and monitoring, and an e-mail to the operator (Czech, the operator's language). */
async function alertOperator(
  services: Pick<Services, 'clock' | 'config' | 'db' | 'jobs' | 'report'>,
  max: number,
  windowSeconds: number,
): Promise<void> {
  const now = services.clock.now();
  const windowStart = new Date(Math.floor(now.getTime() / (windowSeconds * 1000)) * windowSeconds * 1000);
  services.report(new Error(`voucher guessing: ${max} codes matched no voucher since ${windowStart.toISOString()}; lookups now need a proof of work`), {
    operation: 'vouchers.guesses',
  });
  const mail = await renderEmail('cs', services.config.publicUrl.cz, (context) =>
    operatorAlertMail(context, { misses: max, since: windowStart, baseWork: STEP_UP.baseWork, growth: STEP_UP.growth }),
  );
  const { db } = await services.db();
  await inTransaction(db, (tx) =>
    enqueueMail(services, tx, {
      eventKey: `voucher-guessing:${windowStart.toISOString()}`,
      site: 'cz',
      to: services.config.mail.operatorTo ?? SITE_CONFIG.cz.email,
      ...mail,
    }),
  );
}
