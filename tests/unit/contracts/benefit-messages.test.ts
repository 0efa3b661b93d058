import { describe, expect, it } from 'vitest';
import * as B from '@/contracts/benefit';
import { checkVectors, type Vector } from './vectors';

/**
 * Known answers for every message of the benefit gateways' protocol (reference/payment-gateways.md
 * §2.6, signed the ČSOB way): a message → the exact text both sides sign.
 */
const VECTORS: Vector[] = [
  [
    'create request',
    B.CREATE_REQUEST,
    {
      merchantId: 'DZB-PLX-1',
      orderNumber: '2026000123',
      amount: 250000,
      currency: 'CZK',
      category: 'leisure',
      returnUrl: 'https://dovolena.example/api/payments/pluxee/return',
      notifyUrl: 'https://dovolena.example/api/payments/pluxee/notify',
      ttlSec: 1800,
      language: 'cs',
      dttm: '20261125120000',
    },
    'DZB-PLX-1|2026000123|250000|CZK|leisure|https://dovolena.example/api/payments/pluxee/return|https://dovolena.example/api/payments/pluxee/notify|1800|cs|20261125120000',
  ],
  [
    'create response',
    B.CREATE_RESPONSE,
    { gatewayPaymentId: 'pl-7f3a', redirectUrl: 'https://gw.example/pay/pl-7f3a', status: 'CREATED', dttm: '20261125120001' },
    'pl-7f3a|https://gw.example/pay/pl-7f3a|CREATED|20261125120001',
  ],
  ['status request', B.STATUS_REQUEST, { gatewayPaymentId: 'pl-7f3a', dttm: '20261125120002' }, 'pl-7f3a|20261125120002'],
  [
    'status, cancel and refund response',
    B.STATUS_RESPONSE,
    { gatewayPaymentId: 'pl-7f3a', orderNumber: '2026000123', amount: 250000, currency: 'CZK', status: 'PAID', dttm: '20261125120003' },
    'pl-7f3a|2026000123|250000|CZK|PAID|20261125120003',
  ],
  ['cancel and refund request', B.AMOUNT_REQUEST, { gatewayPaymentId: 'pl-7f3a', amount: 100000, dttm: '20261125120004' }, 'pl-7f3a|100000|20261125120004'],
  [
    'notification',
    B.NOTIFICATION,
    { eventId: 'ev-1', gatewayPaymentId: 'pl-7f3a', orderNumber: '2026000123', amount: 250000, currency: 'CZK', status: 'PAID', dttm: '20261125120005' },
    'ev-1|pl-7f3a|2026000123|250000|CZK|PAID|20261125120005',
  ],
  ['return', B.RETURN_FIELDS, { gatewayPaymentId: 'pl-7f3a', dttm: '20261125120006' }, 'pl-7f3a|20261125120006'],
  ['error answer', B.ERROR_RESPONSE, { code: 'INVALID_AMOUNT', message: 'amount too high', dttm: '20261125120007' }, 'INVALID_AMOUNT|amount too high|20261125120007'],
];

describe('benefit gateway messages (contracts/benefit.ts)', () => {
  checkVectors(VECTORS);

  it('knows exactly the statuses of the protocol', () => {
    expect(B.BENEFIT_STATUSES.filter((status) => B.isBenefitStatus(status))).toHaveLength(6);
    expect(B.isBenefitStatus('AUTHORIZED')).toBe(false);
    expect(B.NOTIFIED_STATUSES).not.toContain('CREATED');
  });
});
