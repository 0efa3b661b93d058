import { describe, expect, it } from 'vitest';
import * as C from '@/contracts/csob';
import { checkVectors, type Vector } from './vectors';

/**
 * Known answers for every eAPI 1.9 message: a message → the exact text both sides sign, in the
 * field order of ČSOB's specification (reference/payment-gateways.md §1.4–1.5). The init example
 * is the one the reference builds from ČSOB's own sample body; the others follow the same rules
 * (absent fields skipped, booleans as true/false, lists item by item).
 */
const VECTORS: Vector[] = [
  ['echo request', C.ECHO_REQUEST, { merchantId: 'M1MIPSXXXX', dttm: '20240101120000' }, 'M1MIPSXXXX|20240101120000'],
  ['echo response', C.ECHO_RESPONSE, { dttm: '20240101120001', resultCode: 0, resultMessage: 'OK' }, '20240101120001|0|OK'],
  [
    'payment/init request (ČSOB sample body)',
    C.INIT_REQUEST,
    {
      merchantId: 'M1MIPSXXXX',
      orderNo: '5547',
      dttm: '20240101120000',
      payOperation: 'payment',
      payMethod: 'card',
      totalAmount: 123400,
      currency: 'CZK',
      closePayment: true,
      returnUrl: 'https://shop.example.com/return',
      returnMethod: 'POST',
      cart: [{ name: 'Wireless headphones', quantity: 1, amount: 123400 }],
      merchantData: 'c29tZS1iYXNlNjQtZW5jb2RlZC1tZXJjaGFudC1kYXRh',
      language: 'cs',
    },
    'M1MIPSXXXX|5547|20240101120000|payment|card|123400|CZK|true|https://shop.example.com/return|POST|Wireless headphones|1|123400|c29tZS1iYXNlNjQtZW5jb2RlZC1tZXJjaGFudC1kYXRh|cs',
  ],
  [
    'payment/init response',
    C.INIT_RESPONSE,
    { payId: 'd165e3c4b624fBD', dttm: '20240101120002', resultCode: 0, resultMessage: 'OK', paymentStatus: 1 },
    'd165e3c4b624fBD|20240101120002|0|OK|1',
  ],
  ['payment/process (path)', C.PAYMENT_PATH, { merchantId: 'M1MIPSXXXX', payId: 'd165e3c4b624fBD', dttm: '20240101120003' }, 'M1MIPSXXXX|d165e3c4b624fBD|20240101120003'],
  ['payment/status request (path)', C.PAYMENT_PATH, { merchantId: 'M1MIPSXXXX', payId: 'd165e3c4b624fBD', dttm: '20240101120004' }, 'M1MIPSXXXX|d165e3c4b624fBD|20240101120004'],
  [
    'payment/status response (merchantData is not signed in it)',
    C.STATUS_RESPONSE,
    { payId: 'd165e3c4b624fBD', dttm: '20240101120005', resultCode: 0, resultMessage: 'OK', paymentStatus: 7, authCode: '042760', merchantData: 'eHl6' },
    'd165e3c4b624fBD|20240101120005|0|OK|7|042760',
  ],
  ['payment/reverse request', C.REVERSE_REQUEST, { merchantId: 'M1MIPSXXXX', payId: 'd165e3c4b624fBD', dttm: '20240101120006' }, 'M1MIPSXXXX|d165e3c4b624fBD|20240101120006'],
  [
    'payment/reverse response',
    C.REVERSE_RESPONSE,
    { payId: 'd165e3c4b624fBD', dttm: '20240101120007', resultCode: 0, resultMessage: 'OK', paymentStatus: 5 },
    'd165e3c4b624fBD|20240101120007|0|OK|5',
  ],
  [
    'payment/close request (lower amount)',
    C.CLOSE_REQUEST,
    { merchantId: 'M1MIPSXXXX', payId: 'd165e3c4b624fBD', dttm: '20240101120008', totalAmount: 100000 },
    'M1MIPSXXXX|d165e3c4b624fBD|20240101120008|100000',
  ],
  [
    'payment/close response',
    C.CLOSE_RESPONSE,
    { payId: 'd165e3c4b624fBD', dttm: '20240101120009', resultCode: 0, resultMessage: 'OK', paymentStatus: 7, authCode: '042760' },
    'd165e3c4b624fBD|20240101120009|0|OK|7|042760',
  ],
  [
    'payment/refund request (partial)',
    C.REFUND_REQUEST,
    { merchantId: 'M1MIPSXXXX', payId: 'd165e3c4b624fBD', dttm: '20240101120010', amount: 50000 },
    'M1MIPSXXXX|d165e3c4b624fBD|20240101120010|50000',
  ],
  [
    'payment/refund response',
    C.REFUND_RESPONSE,
    { payId: 'd165e3c4b624fBD', dttm: '20240101120011', resultCode: 0, resultMessage: 'OK', paymentStatus: 10 },
    'd165e3c4b624fBD|20240101120011|0|OK|10',
  ],
  [
    'return to returnUrl (merchantData as raw base64)',
    C.RETURN_FIELDS,
    { payId: 'd165e3c4b624fBD', dttm: '20240101120012', resultCode: '0', resultMessage: 'OK', paymentStatus: '7', authCode: '042760', merchantData: 'eHl6' },
    'd165e3c4b624fBD|20240101120012|0|OK|7|042760|eHl6',
  ],
];

describe('ČSOB eAPI 1.9 messages (contracts/csob.ts)', () => {
  checkVectors(VECTORS);

  it('names every paymentStatus code of the specification', () => {
    expect(Object.keys(C.CSOB_PAYMENT_STATUS).map(Number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
});
