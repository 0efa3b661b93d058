import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createGunzip, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EXTRA_VARY_HEADER } from '@/lib/http/extra-vary';
import { createPageEdge } from '@/server/http/page-edge';
import { createPageMicrocache } from '@/server/net/page-microcache';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
const POLICY = "default-src 'self'; script-src 'self' 'nonce-abc' 'strict-dynamic'; object-src 'none'";
const CACHED = 's-maxage=3600, stale-while-revalidate=31532400';
const PAGE = `<html><head><script>self.a=1</script><script src="/x.js"></script></head><body>${'<p>words</p>'.repeat(200)}</body></html>`;

type Next = (req: IncomingMessage, res: ServerResponse) => void;

/** What Next.js sends for a page from its cache, with changes per test. */
const cachedPage =
  (headers: Record<string, string | string[]> = {}, status = 200): Next =>
  (req, res) => {
    res.statusCode = status;
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.setHeader('cache-control', CACHED);
    res.setHeader('etag', '"abc"');
    res.setHeader('vary', 'rsc, Accept-Encoding');
    res.setHeader('content-security-policy', POLICY);
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    if (req.headers['if-none-match'] === '"abc"') return void res.writeHead(304).end();
    res.end(req.method === 'HEAD' ? undefined : PAGE);
  };

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

describe('the page edge in front of Next', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'dzb-edge-test-'));
  const socketPath = path.join(folder, 'next.sock');
  let next: Next = cachedPage();
  const seen: IncomingMessage['headers'][] = [];
  const nextServer = createServer((req, res) => {
    seen.push(req.headers);
    next(req, res);
  });
  let microcache = createPageMicrocache({ ttlMs: 5000 });
  let edge = createPageEdge({ socketPath, microcache });
  const edgeServer = createServer((req, res) => void edge(req, res).catch(() => res.destroy()));
  let port = 0;

  beforeAll(async () => {
    await new Promise<void>((resolve) => nextServer.listen(socketPath, resolve));
    await new Promise<void>((resolve) => edgeServer.listen(0, '127.0.0.1', resolve));
    port = (edgeServer.address() as AddressInfo).port;
  });
  afterAll(async () => {
    edgeServer.closeAllConnections();
    nextServer.closeAllConnections();
    await new Promise<void>((resolve) => edgeServer.close(() => resolve()));
    await new Promise<void>((resolve) => nextServer.close(() => resolve()));
    rmSync(folder, { recursive: true, force: true });
  });
  beforeEach(() => {
    next = cachedPage();
    seen.length = 0;
    microcache = createPageMicrocache({ ttlMs: 5000 });
    edge = createPageEdge({ socketPath, microcache });
  });

  function get(headers: Record<string, string> = {}, options: { method?: string; path?: string } = {}): Promise<Answer> {
    return new Promise((resolve, reject) => {
      request({ host: '127.0.0.1', port, path: options.path ?? '/', method: options.method ?? 'GET', headers: { host: 'a.example', ...headers } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
        .on('error', reject)
        .end();
    });
  }

  it('asks Next for identity bodies and gives a cached page the hashes of its own scripts', async () => {
    const answer = await get({ 'accept-encoding': 'identity' });
    expect(seen[0]?.['accept-encoding']).toBe('identity');
    expect(answer.body.toString()).toBe(PAGE);
    expect(answer.headers['content-security-policy']).toBe(`default-src 'self'; script-src 'self' ${sha('self.a=1')}; object-src 'none'`);
    expect(answer.headers['content-length']).toBe(String(PAGE.length));
  });

  it('compresses for a client that takes gzip, and only for one', async () => {
    const gzip = await get({ 'accept-encoding': 'gzip, deflate, br' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(PAGE);
    expect(Number(gzip.headers['content-length'])).toBe(gzip.body.length);
    expect(String(gzip.headers.vary)).toMatch(/Accept-Encoding/);
    for (const refusing of ['br', 'gzip;q=0, br', 'identity']) {
      const plain = await get({ 'accept-encoding': refusing });
      expect(plain.headers['content-encoding'], refusing).toBeUndefined();
      expect(plain.body.toString()).toBe(PAGE);
    }
  });

  it('answers a repeated request from memory, and a matching If-None-Match with 304 and no policy', async () => {
    const first = await get();
    const second = await get();
    expect(seen).toHaveLength(1);
    expect(second.body).toEqual(first.body);
    expect(second.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    const revalidated = await get({ 'if-none-match': 'W/"other", "abc"' });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers['content-security-policy']).toBeUndefined();
    expect(revalidated.headers.etag).toBe('"abc"');
    expect(seen).toHaveLength(1);
  });

  it('passes Next\'s own 304 on without a policy', async () => {
    const answer = await get({ 'if-none-match': '"abc"' });
    expect(answer.status).toBe(304);
    expect(seen[0]?.['if-none-match']).toBe('"abc"');
    expect(answer.headers['content-security-policy']).toBeUndefined();
  });

  it('answers HEAD with the hashes once the page was sent, else with no policy', async () => {
    const unseen = await get({}, { method: 'HEAD' });
    expect(unseen.status).toBe(200);
    expect(unseen.body.length).toBe(0);
    expect(unseen.headers['content-security-policy']).toBeUndefined();
    await get();
    const head = await get({}, { method: 'HEAD' });
    expect(head.body.length).toBe(0);
    expect(head.headers['content-security-policy']).toContain(sha('self.a=1'));
  });

  it('keeps a page that sets a cookie out of shared caches and out of memory', async () => {
    next = cachedPage({ 'set-cookie': 'i18n_redirected=en; Path=/' });
    const answer = await get();
    await get();
    expect(answer.headers['cache-control']).toBe('private, no-cache');
    expect(answer.headers['set-cookie']).toEqual(['i18n_redirected=en; Path=/']);
    expect(seen).toHaveLength(2);
  });

  it('merges what proxy.ts says into Vary, keeps visitors apart by it, and never sends the header on', async () => {
    next = cachedPage({ [EXTRA_VARY_HEADER]: 'Accept-Language, Cookie' });
    const czech = await get({ 'accept-language': 'cs' });
    expect(czech.headers.vary).toBe('rsc, Accept-Encoding, Accept-Language, Cookie');
    expect(czech.headers[EXTRA_VARY_HEADER]).toBeUndefined();
    await get({ 'accept-language': 'en' });
    await get({ 'accept-language': 'cs' });
    expect(seen).toHaveLength(2);
  });

  it("leaves Next's notes to itself off cached and streamed pages alike", async () => {
    next = cachedPage({ 'x-middleware-rewrite': '/cs/objednavka/rezervace', 'x-nextjs-cache': 'HIT' });
    const cached = await get();
    next = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'private, no-cache, no-store', 'x-middleware-rewrite': '/cs/x' });
      res.end(PAGE);
    };
    const streamed = await get({}, { path: '/per-request' });
    for (const answer of [cached, streamed]) {
      expect(answer.body.toString()).toBe(PAGE);
      expect(Object.keys(answer.headers).filter((name) => name.startsWith('x-middleware-'))).toEqual([]);
    }
    expect(cached.headers['x-nextjs-cache']).toBe('HIT');
  });

  it('streams a page rendered per request as Next writes it, its nonce policy untouched', async () => {
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    next = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'private, no-store', 'content-security-policy': POLICY });
      res.write(`<html><body><p>first part</p>${' '.repeat(2000)}`);
      void released.then(() => res.end('<p>second part</p></body></html>'));
    };
    const received = await new Promise<{ first: string; headers: IncomingMessage['headers'] }>((resolve, reject) => {
      request({ host: '127.0.0.1', port, path: '/order', headers: { host: 'a.example', 'accept-encoding': 'gzip' } }, (res) => {
        let text = '';
        const gunzip = createGunzip();
        res.pipe(gunzip);
        gunzip.on('data', (chunk: Buffer) => {
          text += chunk.toString();
          // The first part arrives, decoded, while Next still holds the rest.
          if (text.includes('first part') && !text.includes('second part')) {
            resolve({ first: text, headers: res.headers });
            release();
          }
        });
      })
        .on('error', reject)
        .end();
    });
    expect(received.first).toContain('first part');
    expect(received.headers['content-security-policy']).toBe(POLICY);
    expect(received.headers['content-encoding']).toBe('gzip');
    await get({}, { path: '/order' });
    expect(seen).toHaveLength(2);
  });

  it('stops Next\'s work on a page when the visitor leaves before the answer', async () => {
    let closed: () => void = () => undefined;
    const nextSawClose = new Promise<void>((resolve) => (closed = resolve));
    next = (_req, res) => {
      res.once('close', () => closed());
    };
    const client = request({ host: '127.0.0.1', port, path: '/slow', headers: { host: 'a.example' } });
    client.on('error', () => undefined);
    client.end();
    await new Promise((resolve) => setTimeout(resolve, 100));
    client.destroy();
    await nextSawClose;
  });

  it('passes request bodies and anything not HTML through, leaving small answers uncompressed', async () => {
    next = (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = `{"got":${JSON.stringify(Buffer.concat(chunks).toString())}}`;
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }).end(body);
      });
    };
    const answer = await new Promise<Answer>((resolve, reject) => {
      const client = request({ host: '127.0.0.1', port, path: '/action', method: 'POST', headers: { host: 'a.example', 'accept-encoding': 'gzip' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      client.on('error', reject);
      client.end('hello');
    });
    expect(answer.body.toString()).toBe('{"got":"hello"}');
    expect(answer.headers['content-encoding']).toBeUndefined();
  });
});
