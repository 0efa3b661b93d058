import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createBenefitGateway } from '@/server/payments/gateways/benefit/adapter';
import { NOTIFICATION } from '@/contracts/benefit';
import { formatDttm } from '@/contracts/dttm';
import { CallbackRejected, type CallbackRejection } from '@/server/payments/gateways/gateway';
import { signFields } from '@/contracts/signing';
import { rsaPair } from './keys';

const NOW = new Date('2026-11-22T10:00:00Z');
const gatewayPair = rsaPair();
const merchantPair = rsaPair();

const gateway = createBenefitGateway('pluxee', {
  config: { apiUrl: 'http://127.0.0.1:1/api', merchantId: 'M', merchantKeyFile: '-', gatewayKeyFile: '-' },
  keys: () => ({ merchantKey: merchantPair.privateKey, gatewayKey: gatewayPair.publicKey }),
  clock: { now: () => NOW },
  fetch: () => Promise.reject(new Error('no network in unit tests')),
  sandbox: true,
});

const VALID = {
  eventId: '7b0f3c1e-3f7a-4a55-9a43-1f3c2b1d9e01',
  gatewayPaymentId: 'PX00112233445566778899',
  orderNumber: '2026000123',
  amount: 123400,
  currency: 'CZK',
  status: 'PAID',
  dttm: formatDttm(NOW),
};

/** A notification body as the gateway sends it: the fields plus their signature. */
function signed(fields: Record<string, unknown>, key = gatewayPair.privateKey): string {
  return JSON.stringify({ ...fields, signature: signFields(NOTIFICATION, fields, key) });
}

function rejection(body: string): CallbackRejection | 'accepted' {
  try {
    gateway.verifyNotification(body);
    return 'accepted';
  } catch (error) {
    if (error instanceof CallbackRejected) return error.reason;
    throw error;
  }
}

describe('benefit notification verification', () => {
  it('accepts a signed, fresh, well-formed notification', () => {
    expect(gateway.verifyNotification(signed(VALID))).toEqual({
      eventId: VALID.eventId,
      gatewayPaymentId: VALID.gatewayPaymentId,
      orderNumber: VALID.orderNumber,
      amount: 123400,
      currency: 'CZK',
      status: 'paid',
    });
    expect(gateway.verifyNotification(signed({ ...VALID, status: 'EXPIRED' })).status).toBe('rejected');
  });

  it.each<[string, string | ((body: string) => string), CallbackRejection]>([
    ['a body that is not JSON', () => 'eventId=1&status=PAID', 'invalid_signature'],
    ['a JSON array', () => '[]', 'invalid_signature'],
    ['a changed field', (body) => body.replace('"amount":123400', '"amount":123401'), 'invalid_signature'],
    ['another key', () => signed(VALID, merchantPair.privateKey), 'invalid_signature'],
    ['no signature', () => JSON.stringify(VALID), 'invalid_signature'],
    ['a stale dttm', () => signed({ ...VALID, dttm: formatDttm(new Date(NOW.getTime() - 301_000)) }), 'invalid_signature'],
    ['a dttm from the future', () => signed({ ...VALID, dttm: formatDttm(new Date(NOW.getTime() + 301_000)) }), 'invalid_signature'],
    ['an empty currency', () => signed({ ...VALID, currency: '' }), 'empty_currency'],
    ['no currency', () => signed({ ...VALID, currency: undefined }), 'empty_currency'],
    ['an empty order number', () => signed({ ...VALID, orderNumber: ' ' }), 'empty_order_number'],
    ['no order number', () => signed({ ...VALID, orderNumber: undefined }), 'empty_order_number'],
    ['a fractional amount', () => signed({ ...VALID, amount: 1234.5 }), 'invalid_amount'],
    ['a zero amount', () => signed({ ...VALID, amount: 0 }), 'invalid_amount'],
    ['a negative amount', () => signed({ ...VALID, amount: -100 }), 'invalid_amount'],
    ['an amount as text', () => signed({ ...VALID, amount: '123400' }), 'invalid_amount'],
    ['no payment id', () => signed({ ...VALID, gatewayPaymentId: '' }), 'unknown_payment'],
    ['an unknown status', () => signed({ ...VALID, status: 'SETTLED' }), 'invalid_status'],
    ['CREATED, which is never notified', () => signed({ ...VALID, status: 'CREATED' }), 'invalid_status'],
    ['a lower-case status', () => signed({ ...VALID, status: 'paid' }), 'invalid_status'],
  ])('rejects %s', (_case, make, reason) => {
    const body = typeof make === 'string' ? make : make(signed(VALID));
    expect(rejection(body)).toBe(reason);
  });

  const notifications = fc.record({
    eventId: fc.uuid(),
    gatewayPaymentId: fc.stringMatching(/^(PX|ED)[0-9A-F]{20}$/),
    orderNumber: fc.stringMatching(/^\d{1,10}$/),
    amount: fc.integer({ min: 1, max: 2_000_000_000 }),
    currency: fc.constantFrom('CZK', 'PLN', 'EUR'),
    status: fc.constantFrom('PAID', 'CANCELLED', 'REJECTED', 'EXPIRED', 'REFUNDED'),
    dttm: fc.constant(formatDttm(NOW)),
  });

  it('rejects any single-byte change to a signed body', () => {
    fc.assert(
      fc.property(notifications, fc.nat(), fc.integer({ min: 0, max: 255 }), (fields, position, byte) => {
        const bytes = Buffer.from(signed(fields), 'utf8');
        const index = position % bytes.length;
        fc.pre(bytes[index] !== byte);
        bytes[index] = byte;
        expect(rejection(bytes.toString('utf8'))).not.toBe('accepted');
      }),
      { numRuns: 1500 },
    );
  });

  it('rejects any single-character change to the signature', () => {
    const base64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/= ';
    fc.assert(
      fc.property(notifications, fc.nat(), fc.nat({ max: base64.length - 1 }), (fields, position, pick) => {
        const signature = signFields(NOTIFICATION, fields, gatewayPair.privateKey);
        const index = position % signature.length;
        const replacement = base64[pick] ?? 'A';
        fc.pre(signature[index] !== replacement);
        const changed = `${signature.slice(0, index)}${replacement}${signature.slice(index + 1)}`;
        expect(rejection(JSON.stringify({ ...fields, signature: changed }))).toBe('invalid_signature');
      }),
      { numRuns: 1000 },
    );
  });
});
