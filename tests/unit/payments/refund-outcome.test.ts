import { describe, expect, it } from 'vitest';
import { refundsInPart } from '@/server/payments/refund-records';
import { outcomeOfSent } from '@/server/payments/refund-send';

describe('an unanswered refund, resolved by asking the gateway', () => {
  it.each([
    ['paid', 'paid', 'not_sent'],
    ['paid', 'refunded', 'done'],
    ['paid', 'revoked', 'done'],
    ['paid', 'waiting', 'unknown'],
    ['paid', 'cancelled', 'unknown'],
    // A further part: ČSOB says refunded (10) before and after it, so its answer tells nothing.
    ['refunded', 'refunded', 'unknown'],
    [null, 'refunded', 'unknown'],
  ] as const)('said %s before and %s now: %s', (before, now, outcome) => {
    expect(outcomeOfSent(before, now)).toBe(outcome);
  });
});

describe('which payments give back a part', () => {
  it.each([
    ['payment_card', 'csob', true],
    ['edenred_card', 'csob', true],
    ['transfer', null, true],
    ['pluxee_cafeteria', 'pluxee', false],
    ['edenred_cafeteria', 'edenred', false],
    ['mybenefit', 'mybenefit', false],
    ['voucher', null, false],
  ] as const)('%s at %s: %s', (methodId, gateway, inPart) => {
    expect(refundsInPart({ methodId, gateway })).toBe(inPart);
  });
});
