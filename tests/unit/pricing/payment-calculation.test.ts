import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '@/server/errors';
import { feeOf, METHODS, type MethodId, methodsFor } from '@/server/payments/methods';
import {
  type CalculationInput,
  calculatePayment,
  coverable,
  type PaymentRequest,
  type VoucherFinding,
} from '@/server/pricing/payment-calculation';
import { PROMOTIONS } from '@/server/pricing/promotions';

const NOW = new Date('2026-11-23T10:00:00Z');
const CZECH = methodsFor('cz', 'hotel');
const FEES = { payment_card: 0, transfer: 0 };

function input(orderValue: number, request: Partial<PaymentRequest>, extra: Partial<CalculationInput> = {}): CalculationInput {
  return {
    orderValue,
    currency: 'CZK',
    request: { voucherCodes: [], payments: [], lastPayment: undefined, ...request },
    methods: CZECH,
    configuredFees: FEES,
    vouchers: [],
    promotions: PROMOTIONS,
    now: NOW,
    ...extra,
  };
}

const credit = (code: string, available: number, validTo = '2027-06-01'): VoucherFinding => ({
  kind: 'credit',
  voucherId: `v-${code}`,
  code,
  available,
  validTo: new Date(validTo),
});

function code(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
  return 'no error';
}

describe('calculatePayment', () => {
  it('charges the whole price with the fee of the one method', () => {
    const result = calculatePayment(input(1_000_000, { lastPayment: { methodId: 'up_card' } }));
    expect(result.payments).toEqual([
      { methodId: 'up_card', covers: 1_000_000, fee: 69_000, value: 1_069_000, bonus: 0, bonusBasisPoints: 0 },
    ]);
    expect(result.price).toEqual({ base: 1_000_000, serviceFee: 69_000, bonus: 0, total: 1_069_000 });
  });

  it('pays with vouchers first, the earliest to expire first, then the fixed payment, then the rest', () => {
    const result = calculatePayment(
      input(
        1_000_000,
        {
          voucherCodes: ['11111111', '22222222'],
          payments: [{ methodId: 'edenred_card', value: { amount: 211_800, currency: 'CZK' } }],
          lastPayment: { methodId: 'payment_card' },
        },
        { vouchers: [credit('11111111', 300_000, '2027-09-01'), credit('22222222', 100_000, '2027-01-01')] },
      ),
    );
    expect(result.vouchers.credit.map((c) => [c.code, c.willBeUsed])).toEqual([
      ['22222222', 100_000],
      ['11111111', 300_000],
    ]);
    // 211 800 with 5.9 % on top covers exactly 200 000 of the order.
    expect(result.payments.map((p) => [p.methodId, p.covers, p.fee, p.value])).toEqual([
      ['edenred_card', 200_000, 11_800, 211_800],
      ['payment_card', 400_000, 0, 400_000],
    ]);
    expect(result.price.total).toBe(1_011_800);
  });

  it('needs no method when vouchers cover everything, and keeps what is left on them', () => {
    const result = calculatePayment(input(50_000, { voucherCodes: ['11111111'] }, { vouchers: [credit('11111111', 80_000)] }));
    expect(result.payments).toEqual([]);
    expect(result.vouchers.credit[0]).toMatchObject({ available: 80_000, willBeUsed: 50_000 });
  });

  it('reports invalid codes per code and still prices the rest', () => {
    const result = calculatePayment(
      input(10_000, { voucherCodes: ['99999999'], lastPayment: { methodId: 'transfer' } }, {
        vouchers: [{ kind: 'invalid', code: '99999999', reason: 'EXPIRED' }],
      }),
    );
    expect(result.vouchers.invalid).toEqual([{ code: '99999999', reason: 'EXPIRED' }]);
    expect(result.payments[0]?.value).toBe(10_000);
  });

  it('lets a coupon waive the fee and add a bonus for the methods it names', () => {
    const coupon: VoucherFinding = { kind: 'unit', voucherId: 'c1', code: '55555555', bonusBasisPoints: 200, removeFee: true, methods: ['pluxee_cafeteria'] };
    const result = calculatePayment(
      input(100_000, { voucherCodes: ['55555555'], lastPayment: { methodId: 'pluxee_cafeteria' } }, { vouchers: [coupon] }),
    );
    expect(result.payments[0]).toMatchObject({ fee: 0, value: 100_000, bonus: 2_000, bonusBasisPoints: 200 });
    expect(result.vouchers.unit).toEqual([coupon]);
  });

  it('applies the Edenred 2024 bonus only while it ran, capped', () => {
    const during = new Date('2024-06-01T10:00:00Z');
    const small = calculatePayment(input(1_000_000, { lastPayment: { methodId: 'edenred_card' } }, { now: during }));
    expect(small.payments[0]).toMatchObject({ value: 1_059_000, bonus: 105_900, bonusBasisPoints: 1_000 });
    const big = calculatePayment(input(5_000_000, { lastPayment: { methodId: 'edenred_card' } }, { now: during }));
    expect(big.payments[0]?.bonus).toBe(220_000);
    const after = calculatePayment(input(1_000_000, { lastPayment: { methodId: 'edenred_card' } }, { now: new Date('2025-01-01T00:00:00+01:00') }));
    expect(after.payments[0]?.bonus).toBe(0);
  });

  it.each([
    ['three methods', { payments: [{ methodId: 'up_card', value: { amount: 100, currency: 'CZK' } }, { methodId: 'transfer', value: { amount: 100, currency: 'CZK' } }], lastPayment: { methodId: 'payment_card' } }, 'too_many_payment_methods'],
    ['a first payment above the total', { payments: [{ methodId: 'up_card', value: { amount: 1_069_001, currency: 'CZK' } }], lastPayment: { methodId: 'payment_card' } }, 'invalid_payment_value'],
    ['a zero payment', { payments: [{ methodId: 'up_card', value: { amount: 0, currency: 'CZK' } }], lastPayment: { methodId: 'payment_card' } }, 'invalid_payment_value'],
    ['an amount without currency', { payments: [{ methodId: 'up_card', value: { amount: 100, currency: '' } }], lastPayment: { methodId: 'payment_card' } }, 'missing_currency'],
    ['an amount in another currency', { payments: [{ methodId: 'up_card', value: { amount: 100, currency: 'PLN' } }], lastPayment: { methodId: 'payment_card' } }, 'currency_mismatch'],
    ['nothing for the rest', { payments: [{ methodId: 'up_card', value: { amount: 100, currency: 'CZK' } }] }, 'missing_payment_method_id'],
    ['an empty method id', { lastPayment: { methodId: '' } }, 'missing_payment_method_id'],
    ['an unknown method', { lastPayment: { methodId: 'bitcoin' } }, 'payment_method_not_found'],
    ['a method of another site', { lastPayment: { methodId: 'mybenefit' } }, 'payment_method_not_allowed'],
    ['the same method twice', { payments: [{ methodId: 'up_card', value: { amount: 100, currency: 'CZK' } }], lastPayment: { methodId: 'up_card' } }, 'invalid_request'],
  ] as const)('refuses %s', (_, request, expected) => {
    expect(code(() => calculatePayment(input(1_000_000, request as Partial<PaymentRequest>)))).toBe(expected);
  });

  it('offers only the methods that settle at once for an immediate stay', () => {
    const immediate = methodsFor('cz', 'hotel', { immediate: true });
    expect(immediate.map((m) => m.id)).toEqual(['payment_card', 'pluxee_cafeteria', 'edenred_card']);
    expect(code(() => calculatePayment(input(1_000, { lastPayment: { methodId: 'transfer' } }, { methods: immediate })))).toBe(
      'payment_method_not_allowed',
    );
  });
});

describe('calculatePayment properties', () => {
  const methodIds = CZECH.map((m) => m.id);
  const scenario = fc.record({
    orderValue: fc.integer({ min: 1, max: 50_000_000 }),
    vouchers: fc.array(fc.record({ available: fc.integer({ min: 0, max: 20_000_000 }), days: fc.integer({ min: 1, max: 365 }) }), { maxLength: 3 }),
    methods: fc.shuffledSubarray(methodIds, { minLength: 1, maxLength: 2 }),
    fixedShare: fc.integer({ min: 1, max: 10_000 }),
    cardFee: fc.integer({ min: 0, max: 500 }),
  });

  it('never creates or loses money, and rounds at most one minor unit per payment', () => {
    fc.assert(
      fc.property(scenario, ({ orderValue, vouchers, methods, fixedShare, cardFee }) => {
        const findings = vouchers.map((v, i) => credit(String(10_000_000 + i), v.available, new Date(NOW.getTime() + v.days * 86_400_000).toISOString()));
        const afterVouchers = Math.max(0, orderValue - findings.reduce((t, v) => t + (v.kind === 'credit' ? v.available : 0), 0));
        const [first, second] = methods as [string, string | undefined];
        const fees = { payment_card: cardFee, transfer: 0 };
        let request: Partial<PaymentRequest> = { lastPayment: { methodId: first } };
        let typed = 0;
        if (second && afterVouchers > 1) {
          const feeOfFirst = feeOf(METHODS[first as MethodId], fees);
          typed = Math.max(1, Math.floor((afterVouchers * fixedShare) / 10_000));
          typed = Math.min(typed, afterVouchers + Math.floor((afterVouchers * feeOfFirst + 5_000) / 10_000));
          request = { payments: [{ methodId: first, value: { amount: typed, currency: 'CZK' } }], lastPayment: { methodId: second } };
        }
        const result = calculatePayment(input(orderValue, { ...request, voucherCodes: findings.map((f) => (f.kind === 'credit' ? f.code : '')) }, { vouchers: findings, configuredFees: fees }));
        const used = result.vouchers.credit.reduce((t, c) => t + c.willBeUsed, 0);
        const covered = result.payments.reduce((t, p) => t + p.covers, 0);
        const paid = result.payments.reduce((t, p) => t + p.value, 0);
        expect(used + covered).toBe(orderValue);
        expect(used + paid).toBe(result.price.total);
        expect(result.price.total).toBe(orderValue + result.price.serviceFee);
        for (const c of result.vouchers.credit) expect(c.willBeUsed).toBeLessThanOrEqual(c.available);
        for (const p of result.payments) {
          expect(p.covers).toBeGreaterThanOrEqual(0);
          expect(p.value).toBe(p.covers + p.fee);
          const bp = feeOf(METHODS[p.methodId], fees);
          // The fee is the exact percentage, rounded: never more than half a minor unit off.
          expect(Math.abs(p.fee * 10_000 - p.covers * bp)).toBeLessThanOrEqual(5_000);
        }
        if (typed > 0 && result.payments.length === 2) {
          const charged = result.payments[0]!.value;
          expect(charged).toBeLessThanOrEqual(typed);
          expect(typed - charged).toBeLessThanOrEqual(1);
        }
      }),
      { numRuns: 2_000 },
    );
  });

  it('finds the largest share a typed amount can pay', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000_000 }), fc.integer({ min: 0, max: 10_000 }), (value, fee) => {
        const covers = coverable(value, fee);
        const charged = (s: number) => s + Math.floor((s * fee + 5_000) / 10_000);
        expect(charged(covers)).toBeLessThanOrEqual(value);
        expect(charged(covers + 1)).toBeGreaterThan(value);
      }),
      { numRuns: 5_000 },
    );
  });
});
