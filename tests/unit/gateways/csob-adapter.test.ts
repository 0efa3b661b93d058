import { describe, expect, it } from 'vitest';
import { createCsobGateway } from '@/server/payments/gateways/csob/adapter';
import { INIT_REQUEST, RETURN_FIELDS } from '@/contracts/csob';
import { initRequest } from '@/server/payments/gateways/csob/init-request';
import { CallbackRejected, type CreateGatewayPayment, GatewayError } from '@/server/payments/gateways/gateway';
import { signFields, textToSign } from '@/contracts/signing';
import { rsaPair } from './keys';

const gatewayPair = rsaPair();
const merchantPair = rsaPair();
const gateway = createCsobGateway({
  config: { apiUrl: 'http://127.0.0.1:1/api/v1.9', merchantId: 'M1MIPS0000', merchantKeyFile: '-', gatewayKeyFile: '-' },
  keys: () => ({ merchantKey: merchantPair.privateKey, gatewayKey: gatewayPair.publicKey }),
  clock: { now: () => new Date('2026-11-22T10:00:00Z') },
  fetch: () => Promise.reject(new Error('no network in unit tests')),
});

const PAYMENT: CreateGatewayPayment = {
  paymentId: '0f8e4a1c-5b6d-4e7f-8a9b-0c1d2e3f4a5b',
  orderNumber: '2026000042',
  amount: 123450,
  currency: 'CZK',
  description: 'Hotel Zlatá Praha, 2 nights, double room',
  language: 'cs',
  returnUrl: 'https://dovolenazabenefity.cz/api/payments/csob/return',
  notifyUrl: 'https://dovolenazabenefity.cz/api/payments/csob/notify',
  ttlSeconds: 1800,
};

describe('ČSOB payment/init body', () => {
  it('carries our payment in ČSOB terms', () => {
    const body = initRequest(PAYMENT, 'M1MIPS0000');
    expect(body).toMatchObject({
      merchantId: 'M1MIPS0000',
      orderNo: '2026000042',
      totalAmount: 123450,
      currency: 'CZK',
      closePayment: true,
      returnMethod: 'POST',
      language: 'cs',
      ttlSec: 1800,
      cart: [{ name: 'Obj. 2026000042', quantity: 1, amount: 123450, description: 'Hotel Zlatá Praha, 2 nights, double room' }],
    });
    expect(Buffer.from(String(body.merchantData), 'base64').toString('utf8')).toBe(PAYMENT.paymentId);
    expect(textToSign(INIT_REQUEST, { ...body, dttm: '20261122110000' })).toBe(
      'M1MIPS0000|2026000042|20261122110000|payment|card|123450|CZK|true|https://dovolenazabenefity.cz/api/payments/csob/return|POST|' +
        `Obj. 2026000042|1|123450|Hotel Zlatá Praha, 2 nights, double room|${String(body.merchantData)}|cs|1800`,
    );
  });

  // The card page shows the item's name: it held "Objednavka 202600004", the last digit cut off.
  it.each([
    ['cs', 'Objednavka 2026000123', 'Obj. 2026000123'],
    ['pl', 'Zamowienie 2026000123', 'Zam. 2026000123'],
    ['en', 'Order 2026000123', 'Order 2026000123'],
  ] as const)('names the cart item in %s with the whole order number, within 20 characters', (language, description, name) => {
    const body = initRequest({ ...PAYMENT, orderNumber: '2026000123', description, language }, 'M1MIPS0000');
    const [item] = body.cart as { name: string; description?: string }[];
    expect(item!.name).toBe(name);
    expect(Array.from(item!.name).length).toBeLessThanOrEqual(20);
    // The description keeps the full wording when it says more than the name.
    expect(item!.description).toBe(description === name ? undefined : description);
  });

  it('cuts a long description to the 40 characters ČSOB takes', () => {
    const body = initRequest({ ...PAYMENT, description: 'Hotel Zlatá Praha, 2 nights, double room with a view' }, 'M1MIPS0000');
    expect((body.cart as { description: string }[])[0]!.description).toBe('Hotel Zlatá Praha, 2 nights, double room');
  });

  it.each([
    ['an order number with letters', { orderNumber: 'A12' }],
    ['an order number of 11 digits', { orderNumber: '12345678901' }],
    ['a fractional amount', { amount: 10.5 }],
    ['a zero amount', { amount: 0 }],
    ['a ttl over 30 minutes', { ttlSeconds: 1801 }],
  ])('refuses %s before calling the gateway', (_case, change) => {
    expect(() => initRequest({ ...PAYMENT, ...change }, 'M1MIPS0000')).toThrow(GatewayError);
  });
});

describe('ČSOB browser return', () => {
  const fields = {
    payId: 'ab12cd34ef56@SB',
    dttm: '20261122110001',
    resultCode: '0',
    resultMessage: 'OK',
    paymentStatus: '7',
    authCode: '042042',
    merchantData: 'MGY4ZTRhMWMtNWI2ZC00ZTdmLThhOWItMGMxZDJlM2Y0YTVi',
  };
  const signed = { ...fields, signature: signFields(RETURN_FIELDS, fields, gatewayPair.privateKey) };

  it('accepts the signed fields as a form body or a query string', () => {
    expect(gateway.verifyReturn(new URLSearchParams(signed))).toEqual({ gatewayPaymentId: 'ab12cd34ef56@SB' });
    const query = new URL(`https://shop.example/return?${new URLSearchParams(signed)}`).searchParams;
    expect(gateway.verifyReturn(query).gatewayPaymentId).toBe('ab12cd34ef56@SB');
  });

  it.each([
    ['a changed paymentStatus', { paymentStatus: '4' }],
    ['a changed payId', { payId: 'ab12cd34ef57@SB' }],
    ['merchantData left out', { merchantData: undefined }],
    ['no signature', { signature: undefined }],
    ['the signature of another key', { signature: signFields(RETURN_FIELDS, fields, merchantPair.privateKey) }],
  ])('refuses %s as invalid_signature', (_case, change) => {
    const tampered = Object.fromEntries(Object.entries({ ...signed, ...change }).filter(([, v]) => v !== undefined)) as Record<string, string>;
    expect(() => gateway.verifyReturn(new URLSearchParams(tampered))).toThrow(expect.objectContaining({ reason: 'invalid_signature' }));
  });

  it('refuses a field given twice', () => {
    const twice = new URLSearchParams(signed);
    twice.append('paymentStatus', '4');
    expect(() => gateway.verifyReturn(twice)).toThrow(CallbackRejected);
  });

  it('refuses every notification: ČSOB sends none', () => {
    expect(() => gateway.verifyNotification('{}')).toThrow(CallbackRejected);
  });
});
