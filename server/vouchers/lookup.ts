import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import { coupons, vouchers } from '../db/schema/vouchers';
import { isMethodId, type MethodId } from '../payments/methods';
import type { VoucherFinding } from '../pricing/payment-calculation';
import type { Caller } from '../security/caller';
import type { Services } from '../services';
import { enteredCodes, type GuessLookups, type Looked, lookUpGuesses } from './guesses';

/**
 * What each entered code is, for the payment calculation: a credit voucher (its balance), a coupon,
 * or invalid with a reason. A malformed entry is NOT_FOUND without a lookup (it cannot be a code,
 * so it reveals nothing); the well-formed ones are looked up as guesses (guesses.ts): each that is
 * no usable voucher or coupon costs the caller a unit.
 */
export async function findVouchers(services: GuessLookups, caller: Caller, entries: readonly string[], currency: string): Promise<VoucherFinding[]> {
  const entered = enteredCodes(entries);
  const codes = entered.flatMap((e) => (e.code ? [e.code] : []));
  const byCode =
    codes.length === 0 ? new Map<string, VoucherFinding>() : await lookUpGuesses(services, caller, codes, (hidden) => classify(services, codes, currency, hidden));
  return entered.map((e): VoucherFinding => {
    const finding = e.code ? byCode.get(e.code) : undefined;
    if (!finding) return { kind: 'invalid', code: e.text, reason: 'NOT_FOUND' };
    // An invalid entry is shown next to what the visitor typed; a usable one by its code.
    return finding.kind === 'invalid' ? { ...finding, code: e.text } : finding;
  });
}

/** What each code is; a code in `hidden` (a held voucher, holds.ts) is NOT_FOUND, as a miss. */
async function classify(services: Pick<Services, 'clock' | 'db'>, codes: string[], currency: string, hidden: ReadonlySet<string>): Promise<Looked<Map<string, VoucherFinding>>> {
  const { db } = await services.db();
  const now = services.clock.now();
  const [found, foundCoupons] = await Promise.all([
    db.select().from(vouchers).where(inArray(vouchers.code, codes)),
    db.select().from(coupons).where(and(inArray(coupons.code, codes), eq(coupons.currency, currency))),
  ]);
  const result = new Map<string, VoucherFinding>();
  for (const code of codes) {
    const voucher = hidden.has(code) ? undefined : found.find((v) => v.code === code);
    const coupon = foundCoupons.find((c) => c.code === code);
    result.set(code, voucher ? creditFinding(voucher, now, currency) : coupon ? couponFinding(coupon, now) : { kind: 'invalid', code, reason: 'NOT_FOUND' });
  }
  const findings = [...result.values()];
  const misses = findings.filter((f) => f.kind === 'invalid' || (f.kind === 'credit' && f.available <= 0)).length;
  const hits = findings.flatMap((f) => (f.kind === 'credit' && f.available > 0 ? [{ code: f.code, voucherId: f.voucherId }] : []));
  return { result, misses, hits };
}

function creditFinding(voucher: typeof vouchers.$inferSelect, now: Date, currency: string): VoucherFinding {
  if (!voucher.active) return { kind: 'invalid', code: voucher.code, reason: 'INACTIVE' };
  if (now >= voucher.validTo) return { kind: 'invalid', code: voucher.code, reason: 'EXPIRED' };
  if (voucher.currency !== currency) return { kind: 'invalid', code: voucher.code, reason: 'OTHER' };
  return { kind: 'credit', voucherId: voucher.id, code: voucher.code, available: voucher.balance, validTo: voucher.validTo };
}

function couponFinding(coupon: typeof coupons.$inferSelect, now: Date): VoucherFinding {
  if (!coupon.active || now < coupon.validFrom) return { kind: 'invalid', code: coupon.code, reason: 'INACTIVE' };
  if (now >= coupon.validTo) return { kind: 'invalid', code: coupon.code, reason: 'EXPIRED' };
  return {
    kind: 'unit',
    voucherId: coupon.id,
    code: coupon.code,
    bonusBasisPoints: coupon.bonusBasisPoints,
    removeFee: coupon.removeFee,
    methods: coupon.methods.split(',').filter((m): m is MethodId => isMethodId(m)),
  };
}
