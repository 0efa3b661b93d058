import { request as httpRequest, type IncomingMessage } from 'node:http';
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { raw, site, visit } from './support/sites';

/**
 * Attacks tried from outside against the production build (the `prod` server): every hostile
 * input must end in a 4xx with a catalogue code, never a 5xx, and a domain error keeps its code
 * on every route and page (the domain runs in one module graph, whatever Next bundles).
 */
const HOST = 'localhost:3101';
const PRODUCT = { product: 'PRODUCT_DZB_CZ', lang: 'LANG_CS', currency: 'CURRENCY_CZK' };
const CONNECT = { 'content-type': 'application/json', 'connect-protocol-version': '1' };

function rpc(method: string, body: string | object, headers: Record<string, string> = CONNECT) {
  return raw(`/api/dzb.v1.ApiService/${method}`, { host: HOST, env: 'prod', method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });
}

/** The catalogue code in a Connect error body (ErrorDetail, base64 protobuf: field 1 is the code). */
function catalogueCode(body: string): string | undefined {
  const detail = (JSON.parse(body) as { details?: { type: string; value: string }[] }).details?.find((d) => d.type === 'dzb.v1.ErrorDetail');
  if (!detail) return undefined;
  const bytes = Buffer.from(detail.value, 'base64');
  return bytes[0] === 0x0a ? bytes.subarray(2, 2 + bytes[1]!).toString('utf8') : undefined;
}

test.describe('forged gateway callbacks', () => {
  for (const gateway of ['pluxee', 'edenred', 'mybenefit', 'csob']) {
    test(`a forged ${gateway} notification is refused with its reason, not retried as our failure`, async () => {
      const forged = JSON.stringify({ eventId: 'e1', gatewayPaymentId: 'p1', orderNumber: '2026000001', amount: 100, currency: 'CZK', status: 'paid', dttm: '20261125120000', signature: 'AAAA' });
      const res = await raw(`/api/payments/${gateway}/notify`, { host: HOST, env: 'prod', method: 'POST', headers: { 'content-type': 'application/json' }, body: forged });
      expect(res.status).toBe(400);
      expect(JSON.parse(res.body)).toEqual({ result: 'rejected', reason: 'invalid_signature' });
      const garbage = await raw(`/api/payments/${gateway}/notify`, { host: HOST, env: 'prod', method: 'POST', headers: { 'content-type': 'application/json' }, body: '\u0000{not json' });
      expect(garbage.status).toBe(400);
    });
  }

  test('a forged ČSOB return is invalid_signature', async () => {
    const res = await raw('/api/payments/csob/return?payId=abc123&dttm=20261125120000&resultCode=0&resultMessage=OK&paymentStatus=7&signature=AAAA', { host: HOST, env: 'prod' });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ result: 'rejected', reason: 'invalid_signature' });
  });
});

const UNKNOWN = '3f1c9a52-0d55-4b6e-9b1e-7a0c4f6d2e11';
const PL_PRODUCT = { product: 'PRODUCT_DZB_PL', lang: 'LANG_PL', currency: 'CURRENCY_PLN' };

/** A call to every operation that can fail (Version cannot) with the domain error it must keep. */
const EVERY_OPERATION: [string, object, number, string][] = [
  ['PaymentMethods', { productVariant: PL_PRODUCT }, 400, 'unexpected_combination'],
  ['HotelParseUrl', { productVariant: PRODUCT, url: 'https://www.booking.com/' }, 400, 'unexpected_format'],
  ['HotelAvailability', { productVariant: PRODUCT, bySpecification: { hotelRequest: { hotelId: { id: '999999999' }, checkIn: '2026-12-14', checkOut: '2026-12-16', rooms: 1, adults: 2 } } }, 404, 'hotel_not_found'],
  ['HotelOrderPreview', { productVariant: PRODUCT, byId: { previewId: { id: UNKNOWN } } }, 400, 'preview_expired'],
  ['HotelOrderCreate', { productVariant: PRODUCT, previewId: { id: UNKNOWN } }, 400, 'preview_expired'],
  ['VoucherOrderPreview', { productVariant: PRODUCT, value: { currencyCode: 'CZK', units: '1' } }, 400, 'invalid_voucher_value'],
  ['VoucherOrderCreate', { productVariant: PRODUCT }, 400, 'invalid_voucher_value'],
  ['OrderDetail', { productVariant: PRODUCT, orderId: { id: UNKNOWN } }, 404, 'order_not_found'],
  ['VoucherDetail', { productVariant: PRODUCT, voucherId: { id: UNKNOWN } }, 404, 'voucher_not_found'],
  ['PaymentRetry', { productVariant: PRODUCT, orderId: { id: UNKNOWN }, paymentId: { id: UNKNOWN } }, 404, 'order_not_found'],
  ['OrderCancel', { productVariant: PRODUCT, orderId: { id: UNKNOWN } }, 404, 'order_not_found'],
  ['ContactSend', { productVariant: PRODUCT, fullName: 'Jana', email: 'not an address', subject: 'Dotaz', message: 'Dobrý den' }, 400, 'invalid_request'],
];

test.describe('a domain error keeps its code on every route and page of the production build', () => {
  for (const [method, body, status, code] of EVERY_OPERATION) {
    test(`${method}: ${code}`, async () => {
      const res = await rpc(method, body);
      expect([res.status, catalogueCode(res.body)]).toEqual([status, code]);
    });
  }

  // A page turns the code it gets into a 404 or its own message; a lost code would be a 500.
  for (const [path, status, heading] of [
    [`/status/${UNKNOWN}`, 404, undefined],
    [`/objednavka/ubytovani/${UNKNOWN}`, 404, undefined],
    [`/overeni-poukazu/${UNKNOWN}`, 404, undefined],
    [`/objednavka/rezervace/${UNKNOWN}`, 200, 'Tato cenová nabídka už neplatí'],
    [`/api/orders/${UNKNOWN}/documents/faktura.pdf`, 404, undefined],
  ] as const) {
    test(`${path.replace(UNKNOWN, '{unknown}')} answers ${status}`, async () => {
      const res = await raw(path, { host: HOST, env: 'prod' });
      expect(res.status).toBe(status);
      if (heading) expect(res.body).toContain(heading);
    });
  }
});

test.describe('domain errors keep their code on the production build', () => {
  test('a hotel Booking.com does not have is hotel_not_found', async () => {
    const res = await rpc('HotelAvailability', { productVariant: PRODUCT, bySpecification: { hotelRequest: { hotelId: { id: '999999999' }, checkIn: '2026-12-14', checkOut: '2026-12-16', rooms: 1, adults: 2 } } });
    expect(res.status).toBe(404);
    expect(catalogueCode(res.body)).toBe('hotel_not_found');
  });

  test('hotel id 0 is refused before Booking.com is asked', async () => {
    const res = await rpc('HotelAvailability', { productVariant: PRODUCT, bySpecification: { hotelRequest: { hotelId: { id: '0' }, checkIn: '2026-12-14', checkOut: '2026-12-16', rooms: 1, adults: 2 } } });
    expect(res.status).toBe(400);
    expect(catalogueCode(res.body)).toBe('invalid_request');
  });

  test('an unknown order is order_not_found, a link that is no hotel page unexpected_format', async () => {
    const order = await rpc('OrderDetail', { productVariant: PRODUCT, orderId: { id: '3f1c9a52-0d55-4b6e-9b1e-7a0c4f6d2e11' } });
    expect([order.status, catalogueCode(order.body)]).toEqual([404, 'order_not_found']);
    const home = await rpc('HotelParseUrl', { productVariant: PRODUCT, url: 'https://www.booking.com/' });
    expect([home.status, catalogueCode(home.body)]).toEqual([400, 'unexpected_format']);
    const long = await rpc('HotelParseUrl', { productVariant: PRODUCT, url: `https://www.booking.com/hotel/cz/${'a'.repeat(100_000)}.html` });
    expect(long.status).toBeLessThan(500);
  });
});

test.describe('hostile bodies', () => {
  test('binary protobuf that does not parse is invalid_argument', async () => {
    for (const body of ['\u00ff\u00ff\u00ff\u00ff', '\n\u0005ab', '\u0012\u0003\u00c3\u0028\u00a0']) {
      const res = await rpc('VoucherDetail', body, { 'content-type': 'application/proto', 'connect-protocol-version': '1' });
      expect(res.status).toBe(400);
      expect(catalogueCode(res.body)).toBe('invalid_argument');
    }
  });

  test('invalid base64 in a GET is invalid_argument', async () => {
    const res = await raw('/api/dzb.v1.ApiService/Version?encoding=proto&base64=1&message=%25%25%25&connect=v1', { host: HOST, env: 'prod' });
    expect(res.status).toBe(400);
  });

  test('a NUL character in a name is invalid_request, nothing stored', async () => {
    const res = await rpc('ContactSend', { productVariant: PRODUCT, fullName: 'Jana\u0000', email: 'jana@example.cz', subject: 'Dotaz', message: 'Dobrý den' });
    expect(res.status).toBe(400);
    expect(catalogueCode(res.body)).toBe('invalid_request');
  });

  test('a gzip-compressed request is understood; 405 and 415 carry a Connect error body', async () => {
    const gz = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = httpRequest(
        { host: '127.0.0.1', port: 3101, path: '/api/dzb.v1.ApiService/Version', method: 'POST', headers: { host: HOST, 'content-type': 'application/json', 'content-encoding': 'gzip' } },
        (res: IncomingMessage) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      request.on('error', reject);
      request.end(gzipSync('{}'));
    });
    expect(gz.status).toBe(200);
    expect(JSON.parse(gz.body)).toMatchObject({ env: 'ENVIRONMENT_PROD' });
    const get = await raw('/api/dzb.v1.ApiService/ContactSend?encoding=json&message=%7B%7D', { host: HOST, env: 'prod' });
    expect(get.status).toBe(405);
    expect(JSON.parse(get.body)).toMatchObject({ code: 'unimplemented' });
    const text = await rpc('Version', '{}', { 'content-type': 'text/plain' });
    expect(text.status).toBe(415);
    expect(JSON.parse(text.body)).toMatchObject({ code: 'invalid_argument' });
  });
});

test.describe('voucher guessing on the production build', () => {
  test.describe.configure({ mode: 'serial' });

  test('once the site-wide budget is spent, the browser proves its work and the visitor still gets an answer', async ({ page }) => {
    test.setTimeout(90_000);
    // The prod server allows 3 codes that match nothing a day (playwright.config.ts): spend them.
    for (let i = 0; i < 3; i++) await rpc('VoucherDetail', { productVariant: PRODUCT, voucherCode: String(98_765_400 + i) });
    const asked = await rpc('VoucherDetail', { productVariant: PRODUCT, voucherCode: '98765499' });
    expect(asked.status).toBe(429);
    expect(catalogueCode(asked.body)).toBe('challenge_required');
    expect(asked.headers['x-challenge']).toBeTruthy();

    await visit(page, `${site('localhost', 'prod')}/overeni-poukazu`);
    await page.getByLabel('Kód poukazu').fill('9876 5498');
    await page.getByRole('button', { name: 'Ověřit' }).click();
    await expect(page.getByText('Poukaz s tímto kódem jsme nenašli. Zkontrolujte číslice a zkuste to znovu.')).toBeVisible({ timeout: 60_000 });
  });
});
