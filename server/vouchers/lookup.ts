import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import { coupons, vouchers } from '../db/schema/vouchers';
import { DomainError } from '../errors';
import { isMethodId, type MethodId } from '../payments/methods';
import type { VoucherFinding } from '../pricing/payment-calculation';
import { take } from '../security/rate-limit';
import type { Services } from '../services';
import { normalizeVoucherCode } from './codes';

/**
 * Voucher codes are only 8 digits, so every lookup that does not find a code is paid for from two
 * budgets (documented in the README): per client address per 15 minutes, and for the whole site
 * per hour. A spent budget answers too_many_requests; the answer never says more than "not found".
 */
export async function withLookupBudget<T>(
  services: Services,
  client: string,
  lookup: () => Promise<{ result: T; failures: number }>,
): Promise<T> {
  const { lookupFailuresPerClient, lookupFailuresGlobal } = services.config.vouchers;
  const perClient = await take(services, { bucket: `voucher-lookup:client:${client}`, windowSeconds: 900, max: lookupFailuresPerClient });
  if (!perClient) throw new DomainError('too_many_requests');
  const global = await take(services, { bucket: 'voucher-lookup:global', windowSeconds: 3600, max: lookupFailuresGlobal });
  if (!global) {
    await perClient();
    services.report(new Error('the global budget of failed voucher lookups is spent'), { client });
    throw new DomainError('too_many_requests');
  }
  const { result, failures } = await lookup();
  if (failures === 0) {
    await perClient();
    await global();
  }
  return result;
}

/**
 * What each entered code is, for the payment calculation: a credit voucher (its balance), a coupon,
 * or invalid with a reason. Unknown and malformed codes are NOT_FOUND; a fully used voucher is a
 * credit of zero. Lookups count against the budgets above.
 */
export async function findVouchers(services: Services, client: string, codes: readonly string[], currency: string): Promise<VoucherFinding[]> {
  const entered = [...new Set(codes.map((code) => code.trim()).filter(Boolean))];
  if (entered.length === 0) return [];
  return withLookupBudget(services, client, async () => {
    const normalized = new Map(entered.map((code) => [code, normalizeVoucherCode(code)]));
    const valid = [...new Set([...normalized.values()].filter((c): c is string => c !== undefined))];
    const { db } = await services.db();
    const now = services.clock.now();
    const found = valid.length ? await db.select().from(vouchers).where(inArray(vouchers.code, valid)) : [];
    const foundCoupons = valid.length ? await db.select().from(coupons).where(and(inArray(coupons.code, valid), eq(coupons.currency, currency))) : [];
    let failures = 0;
    const result = entered.map((entry): VoucherFinding => {
      const code = normalized.get(entry);
      const voucher = found.find((v) => v.code === code);
      const coupon = foundCoupons.find((c) => c.code === code);
      if (voucher) {
        if (!voucher.active) return { kind: 'invalid', code: entry, reason: 'INACTIVE' };
        if (now >= voucher.validTo) return { kind: 'invalid', code: entry, reason: 'EXPIRED' };
        if (voucher.currency !== currency) return { kind: 'invalid', code: entry, reason: 'OTHER' };
        return { kind: 'credit', voucherId: voucher.id, code: voucher.code, available: voucher.balance, validTo: voucher.validTo };
      }
      if (coupon) {
        if (!coupon.active || now < coupon.validFrom) return { kind: 'invalid', code: entry, reason: 'INACTIVE' };
        if (now >= coupon.validTo) return { kind: 'invalid', code: entry, reason: 'EXPIRED' };
        return {
          kind: 'unit',
          voucherId: coupon.id,
          code: coupon.code,
          bonusBasisPoints: coupon.bonusBasisPoints,
          removeFee: coupon.removeFee,
          methods: coupon.methods.split(',').filter((m): m is MethodId => isMethodId(m)),
        };
      }
      failures += 1;
      return { kind: 'invalid', code: entry, reason: 'NOT_FOUND' };
    });
    return { result, failures };
  });
}
