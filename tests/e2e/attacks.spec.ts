import { request as httpRequest, type IncomingMessage } from 'node:http';
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { FAKE_SENTRY } from '../../playwright.config';
import { raw, type RawResponse, site, visit } from './support/sites';

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

/** What `invalid_argument` says on the Czech site (messages/errors/cs.json). */
const CANNOT_PROCESS = 'Požadavek nelze zpracovat. Načtěte prosím stránku znovu a zkuste to ještě jednou.';

test.describe('what an outside fuzzer sent the production build', () => {
  test('malformed Connect GET parameters are invalid_argument, in the site’s language', async () => {
    const queries: Record<string, string>[] = [
      { encoding: 'json', base64: '1', message: 'A' },
      { encoding: 'proto', base64: '1', message: 'AAAAA' },
      { encoding: 'proto', base64: '1', message: '!!!!' },
      { encoding: 'json', base64: 'yes', message: 'e30' },
      { encoding: 'json' },
      { encoding: 'json', message: '{' },
      { encoding: 'json', message: '{}', compression: 'gzip' },
      { encoding: 'json', message: '{}', connect: 'v2' },
    ];
    for (const query of queries) {
      const res = await raw(`/api/dzb.v1.ApiService/Version?${new URLSearchParams({ connect: 'v1', ...query })}`, { host: HOST, env: 'prod' });
      expect([query, res.status, catalogueCode(res.body), JSON.parse(res.body).message]).toEqual([query, 400, 'invalid_argument', CANNOT_PROCESS]);
    }
  });

  test('a body the parser refuses is invalid_argument and names no internal type', async () => {
    for (const [method, body] of [['HotelOrderCreate', '{"previewId":7}'], ['VoucherDetail', '{"productVariant":']]) {
      const res = await rpc(method!, body!);
      expect([res.status, catalogueCode(res.body), JSON.parse(res.body).message]).toEqual([400, 'invalid_argument', CANNOT_PROCESS]);
      expect(res.body).not.toContain('Request');
    }
  });

  test('a target with dot segments is a 400, on the API and the documents as on pages', async () => {
    for (const path of ['/api/orders/../..', `/api/orders/${UNKNOWN}/documents/../x`, '/api/orders/%2e%2e/documents/faktura.pdf', `/api/orders/${UNKNOWN}/documents/%2E%2E`]) {
      const res = await raw(path, { host: HOST, env: 'prod' });
      expect([path, res.status, catalogueCode(res.body)]).toEqual([path, 400, 'invalid_argument']);
    }
    for (const path of [`/./api/orders/${UNKNOWN}/documents/faktura.pdf`, '/./kontakt', '/kontakt/..', '/_next/../kontakt', '/%2e%2e/kontakt', '/%zz', '/%25/kontakt', '/%c0%ae%c0%ae/kontakt']) {
      const res = await raw(path, { host: HOST, env: 'prod' });
      expect([path, res.status, res.body]).toEqual([path, 400, CANNOT_PROCESS]);
    }
  });

  test('TRACE is a 405 on every route (a fetch Request cannot carry it)', async () => {
    for (const path of ['/healthz', '/console', '/api/payments/csob/return', '/sandbox', '/', '/robots.txt']) {
      const res = await raw(path, { host: HOST, env: 'prod', method: 'TRACE' });
      expect([path, res.status, res.headers.allow]).toEqual([path, 405, 'GET, HEAD, POST']);
    }
  });

  test('a Host header with a space is a 400 on every route', async () => {
    for (const path of ['/healthz', '/console', '/api/payments/csob/return?payId=abc', '/api/dzb.v1.ApiService/Version?encoding=json&message=%7B%7D', '/sandbox', '/', '/kontakt']) {
      const res = await raw(path, { host: 'local host', env: 'prod' });
      expect([path, res.status]).toEqual([path, 400]);
      if (path.startsWith('/api/')) expect(catalogueCode(res.body)).toBe('invalid_argument');
    }
  });

  test('none of it is reported to monitoring', async () => {
    const marker = crypto.randomUUID();
    const before = await fetch(`${FAKE_SENTRY}/envelopes`).then((res) => res.json() as Promise<unknown[]>);
    for (const [path, host] of [
      [`/api/dzb.v1.ApiService/Version?connect=v1&encoding=json&base64=1&message=A&m=${marker}`, 'localhost:3100'],
      [`/api/orders/${marker}/documents/..`, 'localhost:3100'],
      [`/api/orders/%2e%2e/documents/${marker}.pdf`, 'localhost:3100'],
      [`/healthz?m=${marker}`, 'local host'],
      [`/api/payments/csob/return?m=${marker}`, 'local host'],
      [`/${marker}/..`, 'localhost:3100'],
    ]) {
      expect((await raw(path!, { host: host! })).status).toBe(400);
    }
    // Reports go out within a second or two (the client error test in monitoring.spec.ts waits as long).
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const after = await fetch(`${FAKE_SENTRY}/envelopes`).then((res) => res.json() as Promise<{ body: string }[]>);
    expect(after.slice(before.length).filter((envelope) => envelope.body.includes(marker) || envelope.body.includes('"operation":"http"'))).toEqual([]);
  });
});

test.describe('security headers on every kind of answer of the production build', () => {
  const HSTS = 'max-age=63072000; includeSubDomains';
  const headersOf = (res: { headers: Record<string, string | string[] | undefined> }) => [
    res.headers['x-content-type-options'],
    res.headers['x-frame-options'],
    res.headers['strict-transport-security'],
  ];

  test('pages, cached pages, 304s, redirects, 404s, files and every route of the server itself', async () => {
    const page = await raw('/jak-to-funguje', { host: HOST, env: 'prod' });
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const answers: [string, Promise<RawResponse> | RawResponse][] = [
      ['a page', page],
      ['a page rendered per request', raw('/objednavka', { host: HOST, env: 'prod' })],
      ['a page not modified', raw('/jak-to-funguje', { host: HOST, env: 'prod', headers: { 'if-none-match': String(page.headers.etag) } })],
      ['a redirect to the visitor’s language', raw('/', { host: 'pl.localhost:3101', env: 'prod', headers: { 'accept-language': 'en' } })],
      ['the 404 page', raw('/no-such-page', { host: HOST, env: 'prod' })],
      ['a file', raw('/robots.txt', { host: HOST, env: 'prod' })],
      ['an API answer', rpc('Version', '{}')],
      ['an API refusal', rpc('OrderDetail', { productVariant: PRODUCT, orderId: { id: UNKNOWN } })],
      ['the health check', raw('/healthz', { host: HOST, env: 'prod' })],
      ['a forged callback', raw('/api/payments/pluxee/notify', { host: HOST, env: 'prod', method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })],
      ['a document not found', raw(`/api/orders/${UNKNOWN}/documents/faktura.pdf`, { host: HOST, env: 'prod' })],
      ['the console', raw('/console/sign-in', { host: HOST, env: 'prod' })],
      ['a simulator', raw('/sandbox', { host: HOST, env: 'prod' })],
      ['a malformed request', raw('/./kontakt', { host: HOST, env: 'prod' })],
    ];
    const statuses: [string, number][] = [];
    for (const [what, answer] of answers) {
      const res = await answer;
      statuses.push([what, res.status]);
      expect([what, ...headersOf(res)]).toEqual([what, 'nosniff', 'DENY', HSTS]);
    }
    expect(statuses).toEqual(expect.arrayContaining([['a page', 200], ['a page not modified', 304], ['a redirect to the visitor’s language', 307], ['the 404 page', 404]]));
  });
});
