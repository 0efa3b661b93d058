import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPageMicrocache } from '@/server/net/page-microcache';

const CACHED = 's-maxage=3600, stale-while-revalidate=31532400';
const PAGE = '<html><body>page</body></html>';

type Page = (req: IncomingMessage, res: ServerResponse) => void;

/** What Next.js sends for a page from its cache, with changes per test. */
const fromNextCache =
  (headers: Record<string, string | string[]> = {}, status = 200): Page =>
  (_req, res) => {
    res.statusCode = status;
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.setHeader('cache-control', CACHED);
    res.setHeader('x-nextjs-cache', 'HIT');
    res.setHeader('etag', '"abc"');
    res.setHeader('content-security-policy', "script-src 'self' 'sha256-x'");
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    res.write(PAGE.slice(0, 10));
    res.end(Buffer.from(PAGE.slice(10)));
  };

describe('the page microcache in front of Next.js', () => {
  let clock = 0;
  let cache = createPageMicrocache({ ttlMs: 5000, now: () => clock });
  let page: Page = fromNextCache();
  let rendered = 0;
  const server = createServer((req, res) => {
    if (cache.serve(req, res)) return;
    cache.capture(req, res);
    rendered += 1;
    page(req, res);
  });
  let port = 0;

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    clock = 0;
    cache = createPageMicrocache({ ttlMs: 5000, now: () => clock });
    page = fromNextCache();
    rendered = 0;
  });

  function get(headers: Record<string, string> = {}, options: { method?: string; path?: string } = {}) {
    return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
      request({ host: '127.0.0.1', port, path: options.path ?? '/', method: options.method ?? 'GET', headers: { host: 'a.example', ...headers } }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      })
        .on('error', reject)
        .end();
    });
  }

  it('answers a repeated request with the same status, headers and bytes without asking Next again', async () => {
    const first = await get();
    const second = await get();
    expect(rendered).toBe(1);
    expect(second.body).toBe(PAGE);
    expect(second.status).toBe(200);
    for (const name of ['content-type', 'cache-control', 'etag', 'content-security-policy', 'x-nextjs-cache']) {
      expect(second.headers[name]).toBe(first.headers[name]);
    }
    expect(second.headers.date).toBeTruthy();
  });

  it('answers HEAD without a body and a matching If-None-Match with 304 and no policy', async () => {
    await get();
    const head = await get({}, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers.etag).toBe('"abc"');
    const revalidated = await get({ 'if-none-match': 'W/"other", "abc"' });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers['content-security-policy']).toBeUndefined();
    expect(revalidated.headers.etag).toBe('"abc"');
    expect(rendered).toBe(1);
  });

  it('asks Next again once the entry is older than its life', async () => {
    await get();
    clock = 4999;
    await get();
    expect(rendered).toBe(1);
    clock = 5000;
    await get();
    expect(rendered).toBe(2);
  });

  it('keeps answers apart by everything that can change them', async () => {
    await get();
    await get({ host: 'b.example' });
    await get({ 'x-forwarded-proto': 'https' });
    await get({ cookie: 'i18n_redirected=en' });
    await get({ 'accept-language': 'en' });
    await get({ 'accept-encoding': 'gzip' });
    await get({}, { path: '/other' });
    expect(rendered).toBe(7);
    expect(cache.size()).toBe(7);
  });

  it('never answers the client router, nor stores what is not a fresh shared page of Next cache', async () => {
    await get();
    await get({ rsc: '1' });
    expect(rendered).toBe(2);

    const notShared: Page[] = [
      fromNextCache({ 'set-cookie': 'i18n_redirected=en' }),
      fromNextCache({ 'cache-control': 'private, no-cache, no-store, max-age=0, must-revalidate' }),
      fromNextCache({ 'x-nextjs-cache': 'STALE' }),
      fromNextCache({ 'content-type': 'application/json' }),
      fromNextCache({}, 500),
    ];
    for (const [index, variant] of notShared.entries()) {
      page = variant;
      await get({}, { path: `/n${index}` });
      await get({}, { path: `/n${index}` });
    }
    expect(rendered).toBe(2 + 2 * notShared.length);
  });

  it('stores nothing when switched off, and stays within its limits', async () => {
    cache = createPageMicrocache({ ttlMs: 0, now: () => clock });
    await get();
    await get();
    expect(rendered).toBe(2);

    cache = createPageMicrocache({ ttlMs: 5000, maxEntries: 2, now: () => clock });
    for (const path of ['/1', '/2', '/3']) await get({}, { path });
    expect(cache.size()).toBe(2);
    await get({}, { path: '/1' });
    expect(rendered).toBe(6);
  });
});
