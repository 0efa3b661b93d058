import { describe, expect, it } from 'vitest';
import { BENEFIT_STATUS } from '@/server/payments/gateways/benefit/status';
import { csobStatus } from '@/server/payments/gateways/csob/status';

describe('ČSOB paymentStatus in our words', () => {
  it.each([
    [1, 'waiting'],
    [2, 'waiting'],
    [3, 'cancelled'],
    [4, 'paid'],
    [5, 'revoked'],
    [6, 'rejected'],
    [7, 'paid'],
    [8, 'paid'],
    [9, 'refunded'],
    [10, 'refunded'],
  ])('%i is %s', (paymentStatus, status) => {
    expect(csobStatus(paymentStatus)).toBe(status);
  });

  it.each([0, 11, -1, 1.5])('%s is unknown', (paymentStatus) => {
    expect(csobStatus(paymentStatus)).toBeUndefined();
  });
});

describe('benefit gateway statuses in our words', () => {
  it.each([
    ['CREATED', 'waiting'],
    ['PAID', 'paid'],
    ['CANCELLED', 'cancelled'],
    ['REJECTED', 'rejected'],
    ['EXPIRED', 'rejected'],
    ['REFUNDED', 'refunded'],
  ] as const)('%s is %s', (provider, status) => {
    expect(BENEFIT_STATUS[provider]).toBe(status);
  });
});
