import { describe, expect, it } from 'vitest';
import { INIT_REQUEST, STATUS_RESPONSE } from '@/contracts/csob';
import { signFields, signText, textToSign, verifyFields, verifyText } from '@/contracts/signing';
import { rsaPair } from './keys';

// ČSOB's sample init body (config/payment-init-base.json), keys deliberately not in spec order.
const SAMPLE_INIT = {
  language: 'cs',
  cart: [{ amount: 123400, quantity: 1, name: 'Wireless headphones' }],
  merchantData: 'c29tZS1iYXNlNjQtZW5jb2RlZC1tZXJjaGFudC1kYXRh',
  returnMethod: 'POST',
  returnUrl: 'https://shop.example.com/return',
  closePayment: true,
  currency: 'CZK',
  totalAmount: 123400,
  payMethod: 'card',
  payOperation: 'payment',
  dttm: '20240101120000',
  orderNo: '5547',
  merchantId: 'M1MIPSXXXX',
};

describe('text to sign', () => {
  it('puts the official sample init body in specification order', () => {
    expect(textToSign(INIT_REQUEST, SAMPLE_INIT)).toBe(
      'M1MIPSXXXX|5547|20240101120000|payment|card|123400|CZK|true|https://shop.example.com/return|POST|Wireless headphones|1|123400|c29tZS1iYXNlNjQtZW5jb2RlZC1tZXJjaGFudC1kYXRh|cs',
    );
  });

  it('writes false as false, skips absent and null fields, keeps empty strings', () => {
    const text = textToSign(['a', 'b', 'c', 'd', 'e'], { a: false, b: null, d: '', e: 0 });
    expect(text).toBe('false||0');
  });

  it('walks every element of a list and nested objects in their own order', () => {
    const cart = [
      { description: 'd1', amount: 100, quantity: 2, name: 'n1' },
      { amount: 50, quantity: 1, name: 'n2' },
    ];
    expect(textToSign(INIT_REQUEST, { merchantId: 'M', cart })).toBe('M|n1|2|100|d1|n2|1|50');
    const status = { payId: 'p', actions: { authenticate: { browserChallenge: { url: 'u', vars: { x: '1', y: '2' } } } } };
    expect(textToSign(STATUS_RESPONSE, status)).toBe('p|u|1|2');
  });

  it('refuses values that have no text form', () => {
    expect(() => textToSign(['a'], { a: { nested: 1 } })).toThrow();
    expect(() => textToSign(['a'], { a: Number.NaN })).toThrow();
  });
});

describe('RSA-SHA256 signatures', () => {
  const { privateKey, publicKey } = rsaPair();
  const other = rsaPair();

  it('verifies what the matching private key signed, nothing else', () => {
    const signature = signText('a|b', privateKey);
    expect(verifyText('a|b', signature, publicKey)).toBe(true);
    expect(verifyText('a|c', signature, publicKey)).toBe(false);
    expect(verifyText('a|b', signature, other.publicKey)).toBe(false);
    expect(verifyText('a|b', undefined, publicKey)).toBe(false);
    expect(verifyText('a|b', '', publicKey)).toBe(false);
  });

  it('accepts only the canonical base64 of a signature', () => {
    const signature = signText('text', privateKey);
    // 256 bytes end in two padding characters: the last data character carries 4 unused bits.
    const last = signature.at(-3) ?? 'A';
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
    const sameBytes = alphabet[alphabet.indexOf(last) ^ 1] ?? 'A';
    const sloppy = `${signature.slice(0, -3)}${sameBytes}==`;
    expect(Buffer.from(sloppy, 'base64').equals(Buffer.from(signature, 'base64'))).toBe(true);
    expect(verifyText('text', sloppy, publicKey)).toBe(false);
    expect(verifyText('text', ` ${signature}`, publicKey)).toBe(false);
    expect(verifyText('text', signature.replace(/=+$/, ''), publicKey)).toBe(false);
  });

  it('signs and verifies a message over its fields, whatever extra keys it carries', () => {
    const message = { merchantId: 'M', dttm: '20240101120000' };
    const signed = { ...message, extra: 'ignored', signature: signFields(['merchantId', 'dttm'], message, privateKey) };
    expect(verifyFields(['merchantId', 'dttm'], signed, publicKey)).toBe(true);
    expect(verifyFields(['merchantId', 'dttm'], { ...signed, dttm: '20240101120001' }, publicKey)).toBe(false);
    expect(verifyFields(['merchantId', 'dttm'], { ...signed, merchantId: { M: 1 } }, publicKey)).toBe(false);
  });
});
