import type { IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import { beforeEach, describe, expect, it } from 'vitest';
import { createPageMicrocache } from '@/server/net/page-microcache';

const CACHED = 's-maxage=3600, stale-while-revalidate=31532400';
/** What Next.js says a page varies on, with the language of a path without a locale. */
const VARY = 'rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch, Accept-Encoding, Accept-Language, Cookie';
const BODY = Buffer.from('<html><body>page</body></html>');

function request(headers: Record<string, string> = {}, options: { method?: string; url?: string } = {}): IncomingMessage {
  return { method: options.method ?? 'GET', url: options.url ?? '/', headers: { host: 'a.example', ...headers } } as unknown as IncomingMessage;
}

function page(headers: OutgoingHttpHeaders = {}, status = 200) {
  return {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': CACHED, etag: '"abc"', vary: VARY, 'content-length': '30', date: 'x', ...headers },
    body: BODY,
  };
}

describe('the page microcache at the page edge', () => {
  let clock = 0;
  let cache = createPageMicrocache({ ttlMs: 5000, now: () => clock });
  beforeEach(() => {
    clock = 0;
    cache = createPageMicrocache({ ttlMs: 5000, now: () => clock });
  });

  it('gives a stored page back with its status, headers and bytes, less what belongs to one answer', () => {
    cache.store(request(), page());
    const stored = cache.lookup(request());
    expect(stored?.body).toEqual(BODY);
    expect(stored?.status).toBe(200);
    expect(stored?.etag).toBe('"abc"');
    expect(stored?.headers['cache-control']).toBe(CACHED);
    expect(stored?.headers.date).toBeUndefined();
    expect(stored?.headers['content-length']).toBeUndefined();
    expect(cache.lookup(request({}, { method: 'HEAD' }))).toBe(stored);
  });

  it('forgets it once it is older than its life, or than the shared lifetime the page allows', () => {
    cache.store(request(), page());
    clock = 4999;
    expect(cache.lookup(request())).toBeDefined();
    clock = 5000;
    expect(cache.lookup(request())).toBeUndefined();

    cache.store(request(), page({ 'cache-control': 's-maxage=2' }));
    clock = 7000;
    expect(cache.lookup(request())).toBeUndefined();
  });

  it('keeps variants apart by the effective URL and by every header the page varies on', () => {
    cache.store(request(), page());
    for (const other of [
      request({ host: 'b.example' }),
      request({ 'x-forwarded-proto': 'https' }),
      request({ cookie: 'i18n_redirected=en' }),
      request({ 'accept-language': 'en' }),
      request({ rsc: '1' }),
      request({}, { url: '/other' }),
    ]) {
      expect(cache.lookup(other)).toBeUndefined();
    }
    // The coding is negotiated by the edge itself, so it does not split the stored page.
    expect(cache.lookup(request({ 'accept-encoding': 'gzip' }))).toBeDefined();
    cache.store(request({ 'accept-language': 'en' }), page({ etag: '"en"' }));
    expect(cache.lookup(request({ 'accept-language': 'en' }))?.etag).toBe('"en"');
    expect(cache.lookup(request())?.etag).toBe('"abc"');
  });

  it('lets visitors share a page that does not vary on what tells them apart', () => {
    cache.store(request({ cookie: 'a=1', 'accept-language': 'cs' }), page({ vary: 'rsc, Accept-Encoding' }));
    expect(cache.lookup(request({ cookie: 'b=2', 'accept-language': 'en' }))).toBeDefined();
    expect(cache.lookup(request({ rsc: '1' }))).toBeUndefined();
  });

  it('stores only what a shared cache may keep', () => {
    const refused: [IncomingMessage, ReturnType<typeof page>][] = [
      [request(), page({ 'set-cookie': ['i18n_redirected=en'] })],
      [request(), page({ 'cache-control': 'private, no-cache, no-store, max-age=0, must-revalidate' })],
      [request(), page({ 'cache-control': 'max-age=60' })],
      [request(), page({ 'content-type': 'application/json' })],
      [request(), page({ vary: '*' })],
      [request(), page({}, 500)],
      [request({ authorization: 'Bearer x' }), page()],
      [request({}, { method: 'HEAD' }), page()],
      [request({}, { method: 'POST' }), page()],
    ];
    for (const [req, answer] of refused) cache.store(req, answer);
    expect(cache.size()).toBe(0);
    cache.store(request(), page({}, 404));
    expect(cache.lookup(request())?.status).toBe(404);
  });

  it('stores nothing when switched off, and stays within its limits', () => {
    const off = createPageMicrocache({ ttlMs: 0, now: () => clock });
    off.store(request(), page());
    expect(off.lookup(request())).toBeUndefined();

    const small = createPageMicrocache({ ttlMs: 5000, maxEntries: 2, now: () => clock });
    for (const url of ['/1', '/2', '/3']) small.store(request({}, { url }), page());
    expect(small.size()).toBe(2);
    expect(small.lookup(request({}, { url: '/1' }))).toBeUndefined();
    expect(small.lookup(request({}, { url: '/3' }))).toBeDefined();

    const byBytes = createPageMicrocache({ ttlMs: 5000, maxBytes: 4 * BODY.length, now: () => clock });
    for (const url of ['/1', '/2', '/3', '/4', '/5']) byBytes.store(request({}, { url }), page());
    expect(byBytes.size()).toBe(4);
  });

  it('replaces a variant stored again instead of keeping both', () => {
    cache.store(request(), page());
    cache.store(request(), page({ etag: '"new"' }));
    expect(cache.size()).toBe(1);
    expect(cache.lookup(request())?.etag).toBe('"new"');
  });
});
