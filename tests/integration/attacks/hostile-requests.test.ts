import { fromBinary } from '@bufbuild/protobuf';
import { createConnection } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ErrorDetailSchema } from '@/gen/dzb/v1/common_pb';
import { isErrorCode } from '@/lib/error-codes';
import cs from '@/messages/errors/cs.json';
import en from '@/messages/errors/en.json';
import pl from '@/messages/errors/pl.json';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../support/databases';
import { testServices } from '../support/services';
import { siteOverHttp } from '../support/site-http';
import { PRODUCT } from './support';

/**
 * What an outside fuzzer sent the production build, and what it must get: malformed Connect GET
 * parameters, POST bodies the parser refuses, targets with dot segments (as `curl --path-as-is`
 * sends them) and Host headers that name no host, on every route of the server. Each is a 4xx
 * (an API refusal with a catalogue code and that code's text, naming no internal type), carries
 * the security headers, and is not reported to monitoring as the site's own error. The server
 * runs as in preprod (HSTS on), through the request listener server.mts uses.
 */
const TEXTS = { cs, pl, en };
const HOST = 'localhost:3000';
const ORDER = '3f1c9a52-0d55-4b6e-9b1e-7a0c4f6d2e11';
const HSTS = 'max-age=63072000; includeSubDomains';
const API = '/api/dzb.v1.ApiService';
const JSON_CALL = { 'content-type': 'application/json', 'connect-protocol-version': '1' };

/** The catalogue code and text of an API refusal, after checking its shape. */
async function refusal(res: Response): Promise<{ status: number; code: string; message: string }> {
  expect(res.headers.get('content-type')).toBe('application/json');
  const body = (await res.json()) as { code: string; message: string; details?: { type: string; value: string }[] };
  const detail = body.details?.find((d) => d.type === 'dzb.v1.ErrorDetail');
  expect(detail, JSON.stringify(body)).toBeDefined();
  const { code, requestId } = fromBinary(ErrorDetailSchema, Buffer.from(detail!.value, 'base64'));
  expect(isErrorCode(code), code).toBe(true);
  expect(requestId).toBe(res.headers.get('x-request-id'));
  expect(body.message).not.toMatch(/dzb\.v1|google\.protobuf|JSON|decode/);
  return { status: res.status, code, message: body.message };
}

function expectSecurityHeaders(res: Response, hsts: string | null = HSTS): void {
  expect([res.headers.get('x-content-type-options'), res.headers.get('x-frame-options'), res.headers.get('strict-transport-security')]).toEqual(['nosniff', 'DENY', hsts]);
}

describe.each(databaseKinds())('hostile requests at the HTTP edge, on %s', (kind) => {
  let database: TestDatabase;
  let setup: ReturnType<typeof testServices>;
  let site: ReturnType<typeof siteOverHttp>;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    setup = testServices({ APP_ENV: 'preprod', SANDBOX: 'on', SANDBOX_ALLOW: 'preprod' }, { db: await database.open() });
    site = siteOverHttp(setup.services);
  });
  afterAll(async () => {
    await site.close();
    await setup.close();
    await database.drop();
  });
  afterEach(() => {
    expect(setup.reported.map(({ error, context }) => [String(error), context])).toEqual([]);
  });

  const get = (target: string, host = HOST) => site.raw({ target, headers: [['host', host]] });
  const post = (target: string, headers: Record<string, string>, body: string | Uint8Array, host = HOST) =>
    site.raw({ method: 'POST', target, headers: [['host', host], ...Object.entries(headers)], body });

  describe('a Connect GET with malformed parameters', () => {
    it.each([
      ['base64 of 4n+1 characters', { encoding: 'json', base64: '1', message: 'A' }, 400],
      ['base64 of 4n+1 characters, binary', { encoding: 'proto', base64: '1', message: 'AAAAA' }, 400],
      ['characters outside either base64 alphabet', { encoding: 'proto', base64: '1', message: '!!!!' }, 400],
      ['standard base64 with its + unescaped (a space once decoded)', { encoding: 'proto', base64: '1', message: 'a+b/' }, 400],
      ['padding in the middle', { encoding: 'json', base64: '1', message: 'e30=e30=' }, 400],
      ['a base64 flag neither on nor off', { encoding: 'proto', base64: 'yes', message: '' }, 400],
      ['no message', { encoding: 'json' }, 400],
      ['no encoding', { message: '{}' }, 415],
      ['an unknown encoding', { encoding: 'xml', message: '{}' }, 415],
      ['an unknown compression', { encoding: 'json', message: '{}', compression: 'br' }, 415],
      ['gzip that is not gzip', { encoding: 'json', base64: '1', message: 'e30', compression: 'gzip' }, 400],
      ['protocol version 2', { connect: 'v2', encoding: 'json', message: '{}' }, 400],
      ['JSON that does not parse', { encoding: 'json', message: '{' }, 400],
      ['JSON of another shape', { encoding: 'json', message: '[]' }, 400],
      ['binary that does not parse', { encoding: 'proto', base64: '1', message: '__8' }, 400],
    ])('%s', async (_name, query: Record<string, string>, status) => {
      const res = await get(`${API}/Version?${new URLSearchParams({ connect: 'v1', ...query })}`);
      expectSecurityHeaders(res);
      expect(await refusal(res)).toEqual({ status, code: 'invalid_argument', message: cs.invalid_argument });
    });

    it('still answers well-formed ones, in either base64 alphabet, padded or not', async () => {
      for (const message of ['e30', 'e30=', Buffer.from('{ }').toString('base64url'), Buffer.from('{\n}').toString('base64')]) {
        const res = await get(`${API}/Version?${new URLSearchParams({ connect: 'v1', encoding: 'json', base64: '1', message })}`);
        expect([message, res.status]).toEqual([message, 200]);
      }
    });
  });

  describe('a POST the parser or the protocol refuses', () => {
    it.each([
      ['JSON of the wrong shape for the request type', 'HotelOrderCreate', JSON_CALL, '{"previewId":7}', 400, 'invalid_argument'],
      ['JSON that does not parse', 'VoucherDetail', JSON_CALL, '{"productVariant":', 400, 'invalid_argument'],
      ['an enum value that does not exist (read as unset)', 'PaymentMethods', JSON_CALL, '{"productVariant":{"product":"PRODUCT_NOPE","lang":"LANG_CS","currency":"CURRENCY_CZK"}}', 400, 'missing_headers'],
      ['binary that does not parse', 'VoucherDetail', { ...JSON_CALL, 'content-type': 'application/proto' }, '\u00ff\u00ff\u00ff', 400, 'invalid_argument'],
      ['protocol version 2', 'Version', { ...JSON_CALL, 'connect-protocol-version': '2' }, '{}', 400, 'invalid_argument'],
      ['a deadline that is no number', 'Version', { ...JSON_CALL, 'connect-timeout-ms': 'soon' }, '{}', 400, 'invalid_argument'],
      ['a compression we do not speak', 'Version', { ...JSON_CALL, 'content-encoding': 'br' }, '{}', 415, 'invalid_argument'],
      ['gzip that is not gzip', 'Version', { ...JSON_CALL, 'content-encoding': 'gzip' }, '{}', 400, 'invalid_argument'],
      ['a content type that is not Connect', 'Version', { 'content-type': 'text/plain' }, '{}', 415, 'invalid_argument'],
      ['a write without the protocol header', 'ContactSend', { 'content-type': 'application/json' }, '{}', 400, 'invalid_argument'],
      ['a procedure that does not exist', 'Nope', JSON_CALL, '{}', 404, 'unimplemented'],
    ])('%s', async (_name, method, headers: Record<string, string>, body, status, code) => {
      const res = await post(`${API}/${method}`, headers, Buffer.from(body, 'latin1'));
      expectSecurityHeaders(res);
      expect(await refusal(res)).toEqual({ status, code, message: cs[code as keyof typeof cs] });
    });

    it('answers in the language of the call: the host’s site, or the language its product_variant names there', async () => {
      const unknownOrder = (variant: object) => JSON.stringify({ productVariant: variant, orderId: { id: ORDER } });
      const pl = { product: 'PRODUCT_DZB_PL', currency: 'CURRENCY_PLN' };
      expect(await refusal(await post(`${API}/OrderDetail`, JSON_CALL, '{', 'pl.localhost:3000'))).toMatchObject({ message: TEXTS.pl.invalid_argument });
      expect(await refusal(await post(`${API}/OrderDetail`, JSON_CALL, unknownOrder({ ...pl, lang: 'LANG_PL' }), 'pl.localhost:3000'))).toEqual({ status: 404, code: 'order_not_found', message: TEXTS.pl.order_not_found });
      expect(await refusal(await post(`${API}/OrderDetail`, JSON_CALL, unknownOrder({ ...pl, lang: 'LANG_EN' }), 'pl.localhost:3000'))).toEqual({ status: 404, code: 'order_not_found', message: TEXTS.en.order_not_found });
      // A language the site does not speak is refused in the site's own.
      expect(await refusal(await post(`${API}/OrderDetail`, JSON_CALL, unknownOrder({ ...PRODUCT, lang: 'LANG_EN' }), HOST))).toEqual({ status: 400, code: 'unexpected_combination', message: TEXTS.cs.unexpected_combination });
    });
  });

  describe('a target with dot segments or that is no plain path', () => {
    it.each([
      '/api/orders/../..',
      `/api/orders/${ORDER}/documents/../x`,
      `/api/orders/${ORDER}/documents/..`,
      `/api/orders/${ORDER}/documents/.`,
      '/api/orders/%2e%2e/documents/faktura.pdf',
      `/api/orders/${ORDER}/documents/%2E%2e`,
      `/api/orders/${ORDER}/documents\\..\\faktura.pdf`,
      `${API}/../dzb.v1.ApiService/Version`,
      '/api/payments/csob/../csob/return',
      '/api/orders/%zz/documents/faktura.pdf',
    ])('%s is an API refusal', async (target) => {
      const res = await get(target);
      expectSecurityHeaders(res);
      expect(await refusal(res)).toEqual({ status: 400, code: 'invalid_argument', message: cs.invalid_argument });
    });

    it.each([
      `/./api/orders/${ORDER}/documents/faktura.pdf`,
      '/%2e/healthz',
      '/healthz/.',
      '/sandbox/../healthz',
      '/console/./sign-in',
      '/kontakt/..',
      '/healthz#top',
      'http://localhost:3000/healthz',
      '*',
      '/%',
      '/%zz/kontakt',
      '/%c0%ae%c0%ae/kontakt',
      '/%25/kontakt',
    ])('%s is a 400', async (target) => {
      const res = await get(target);
      expectSecurityHeaders(res);
      expect([res.status, res.headers.get('content-type'), await res.text()]).toEqual([400, 'text/plain; charset=utf-8', cs.invalid_argument]);
    });

    it('serves the plain paths as before', async () => {
      expect((await get(`/api/orders/${ORDER}/documents/faktura.pdf`)).status).toBe(404);
      expect((await get('/api/orders/a%2eb/documents/faktura.pdf')).status).toBe(404);
      expect((await get('/healthz')).status).toBe(200);
    });
  });

  it.each(['/healthz', '/console', '/api/payments/csob/return', `/api/orders/${ORDER}/documents/faktura.pdf`, '/sandbox', '/kontakt', `${API}/Version`])('TRACE %s is a 405', async (target) => {
    const res = await site.raw({ method: 'TRACE', target, headers: [['host', HOST]] });
    expectSecurityHeaders(res);
    expect([res.status, res.headers.get('allow')]).toEqual([405, 'GET, HEAD, POST']);
    if (target.startsWith('/api/')) expect(await refusal(res)).toEqual({ status: 405, code: 'unimplemented', message: cs.unimplemented });
    else expect(await res.text()).toBe(cs.unimplemented);
  });

  describe('a Host header that names no host', () => {
    const hosts = ['local host', 'a/b', 'user@localhost', 'localhost:99999', '[::1', 'bücher.cz', ''];
    const routes: [string, string, string | undefined][] = [
      ['GET', '/healthz', undefined],
      ['GET', '/console', undefined],
      ['GET', '/api/payments/csob/return?payId=abc', undefined],
      ['POST', '/api/payments/pluxee/notify', '{}'],
      ['POST', `${API}/Version`, '{}'],
      ['GET', '/sandbox', undefined],
      ['GET', '/kontakt', undefined],
    ];
    it.each(routes)('%s %s', async (method, target, body) => {
      for (const host of hosts) {
        const res = await site.raw({ method, target, headers: [['host', host], ['content-type', 'application/json']], body });
        expectSecurityHeaders(res);
        if (target.startsWith('/api/')) expect([host, await refusal(res)]).toEqual([host, { status: 400, code: 'invalid_argument', message: cs.invalid_argument }]);
        else expect([host, res.status]).toEqual([host, 400]);
      }
      const twice = await site.raw({ method, target, headers: [['host', HOST], ['host', 'pl.localhost:3000']], body });
      expect(twice.status).toBe(400);
    });

    it('answers an API refusal in the language of a host that names a site', async () => {
      const res = await get('/api/orders/../x', 'pl.localhost:3000');
      expect(await refusal(res)).toEqual({ status: 400, code: 'invalid_argument', message: pl.invalid_argument });
    });
  });

  it('puts the security headers on every kind of answer', async () => {
    const answers: [string, Response][] = [
      ['an API answer', await post(`${API}/Version`, { 'content-type': 'application/json' }, '{}')],
      ['an API answer over GET', await get(`${API}/Version?encoding=json&message=%7B%7D`)],
      ['a domain refusal', await post(`${API}/OrderDetail`, JSON_CALL, JSON.stringify({ productVariant: PRODUCT, orderId: { id: ORDER } }))],
      ['the health check', await get('/healthz')],
      ['a forged callback', await post('/api/payments/pluxee/notify', { 'content-type': 'application/json' }, '{}')],
      ['a browser returning from a gateway', await get('/api/payments/csob/return?payId=abc')],
      ['a document not found', await get(`/api/orders/${ORDER}/documents/faktura.pdf`)],
      ['a document asked with POST', await post(`/api/orders/${ORDER}/documents/faktura.pdf`, {}, '')],
      ['the console', await get('/console/sign-in')],
      ['the console on another host', await get('/console', 'pl.localhost:3000')],
      ['a simulator', await get('/sandbox')],
      ['a page (none here: the 404)', await get('/kontakt')],
      ['a body over the limit', await post('/api/payments/pluxee/notify', { 'content-type': 'application/json' }, new Uint8Array(1024 * 1024 + 1))],
    ];
    for (const [what, res] of answers) {
      expect([what, res.headers.get('x-content-type-options'), res.headers.get('x-frame-options'), res.headers.get('strict-transport-security')]).toEqual([what, 'nosniff', 'DENY', HSTS]);
    }
    expect(answers.map(([what, res]) => [what, res.status])).toEqual(expect.arrayContaining([['the console', 200], ['a simulator', 200], ['a body over the limit', 413]]));
  });

  /** What the server answers on a socket of its own to bytes sent as they are, read to the end. */
  async function rawExchange(bytes: string): Promise<{ status: number; headers: Record<string, string> }> {
    const port = await site.port();
    const answer = await new Promise<string>((resolve, reject) => {
      const chunks: Buffer[] = [];
      const socket = createConnection(port, '127.0.0.1', () => socket.write(bytes));
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
      // The server may close while the rest is still being written (EPIPE, ECONNRESET): its answer is read already.
      socket.on('error', (error: NodeJS.ErrnoException) => (['EPIPE', 'ECONNRESET'].includes(error.code ?? '') ? undefined : reject(error)));
    });
    const [head = ''] = answer.split('\r\n\r\n', 1);
    const [statusLine = '', ...lines] = head.split('\r\n');
    const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
    return { status: Number(/^HTTP\/1\.1 (\d{3}) /.exec(statusLine)?.[1]), headers };
  }

  it.each([
    ['a request line that is no request line', 'GARBAGE\r\n\r\n', 400],
    ['a header line without a colon', `GET /healthz HTTP/1.1\r\nHost: ${HOST}\r\nBad Header\r\n\r\n`, 400],
    ['a header name with a space', `GET /healthz HTTP/1.1\r\nHost: ${HOST}\r\nX Y: z\r\n\r\n`, 400],
    ['a bare LF inside a header value', `GET /healthz HTTP/1.1\r\nHost: ${HOST}\r\nX-A: b\nc\r\n\r\n`, 400],
    ['both Content-Length and chunked', `POST ${API}/Version HTTP/1.1\r\nHost: ${HOST}\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`, 400],
    ['headers over the size limit', `GET /healthz HTTP/1.1\r\nHost: ${HOST}\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431],
  ])('answers what Node cannot parse (%s) %i with the security headers', async (_name, bytes, status) => {
    const answer = await rawExchange(bytes);
    expect(answer.status).toBe(status);
    expect([answer.headers['x-content-type-options'], answer.headers['x-frame-options'], answer.headers['strict-transport-security'], answer.headers.connection]).toEqual(['nosniff', 'DENY', HSTS, 'close']);
  });

  it('does not report a client that leaves in the middle of its body', async () => {
    const port = await site.port();
    for (const target of ['/api/payments/pluxee/notify', `${API}/Version`]) {
      await new Promise<void>((resolve) => {
        const socket = createConnection(port, '127.0.0.1', () => {
          socket.write(`POST ${target} HTTP/1.1\r\nHost: ${HOST}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":`);
          // Long enough for the server to start reading the body before the client goes.
          setTimeout(() => socket.destroy(), 50);
        });
        socket.on('close', () => resolve());
        socket.on('error', () => resolve());
      });
    }
    // The server notices the closed connection on its next turn; give it a moment before the check in afterEach.
    await new Promise((resolve) => setTimeout(resolve, 200));
  });
});

describe('security headers in dev and test', () => {
  it('leave HSTS out, so local hosts stay reachable over plain HTTP', async () => {
    const site = siteOverHttp(testServices().services);
    try {
      const res = await site.raw({ method: 'POST', target: `${API}/Version`, headers: [['host', HOST], ['content-type', 'application/json']], body: '{}' });
      expect(res.status).toBe(200);
      expectSecurityHeaders(res, null);
    } finally {
      await site.close();
    }
  });
});
