import { createHash } from 'node:crypto';
import { createServer, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashCspOfCachedPages } from '@/server/security/cached-page-csp';
import { hashedPolicy, inlineScriptHashes } from '@/server/security/script-hashes';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
const POLICY = "default-src 'self'; script-src 'self' 'nonce-abc' 'strict-dynamic'; object-src 'none'";
const CACHED = 's-maxage=3600, stale-while-revalidate=31532400';
const PAGE = '<html><head><script>self.a=1</script><script src="/x.js"></script><script type="application/json">{"b":2}</script></head><body><script type="module">import "/y.js"</script></body></html>';

describe('inline script hashes', () => {
  it('hashes the scripts a browser would run, exactly as written', () => {
    expect(inlineScriptHashes(PAGE)).toEqual([sha('self.a=1'), sha('import "/y.js"')]);
  });

  it('skips script files and data blocks, and hashes a repeated script once', () => {
    const html = `<script src='/a.js'></script><script type="application/ld+json">{}</script><script>x()</script><SCRIPT>x()</SCRIPT >`;
    expect(inlineScriptHashes(html)).toEqual([sha('x()')]);
  });

  it('replaces the nonce and strict-dynamic of script-src with the hashes, leaving the rest', () => {
    expect(hashedPolicy(POLICY, ["'sha256-A'", "'sha256-B'"])).toBe(
      "default-src 'self'; script-src 'self' 'sha256-A' 'sha256-B'; object-src 'none'",
    );
  });
});

type Writer = (res: ServerResponse) => void;

/** A real HTTP server whose responses pass through the wrapper, as in server.mts. */
describe('the CSP of cached pages on the wire', () => {
  let writer: Writer = () => undefined;
  const server = createServer((req, res) => {
    hashCspOfCachedPages(req, res);
    writer(res);
  });
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  function fetchWith(write: Writer, method = 'GET'): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
    writer = write;
    return new Promise((resolve, reject) => {
      request({ host: '127.0.0.1', port, path: '/', method }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
        .on('error', reject)
        .end();
    });
  }

  it('gives a cached page the hashes of its own scripts, written in chunks after implicit headers', async () => {
    const response = await fetchWith((res) => {
      res.statusCode = 200;
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.setHeader('cache-control', CACHED);
      res.setHeader('content-security-policy', POLICY);
      res.write(PAGE.slice(0, 20));
      res.end(PAGE.slice(20));
    });
    expect(response.body.toString()).toBe(PAGE);
    expect(response.headers['content-security-policy']).toBe(
      `default-src 'self'; script-src 'self' ${sha('self.a=1')} ${sha('import "/y.js"')}; object-src 'none'`,
    );
  });

  it('reads a compressed page and fixes its length, with headers given to writeHead', async () => {
    const zipped = gzipSync(PAGE);
    const response = await fetchWith((res) => {
      res.writeHead(404, {
        'content-type': 'text/html',
        'cache-control': CACHED,
        'content-security-policy': POLICY,
        'content-encoding': 'gzip',
        'content-length': String(zipped.length + 99),
      });
      res.end(zipped);
    });
    expect(response.status).toBe(404);
    expect(response.headers['content-length']).toBe(String(zipped.length));
    expect(response.headers['content-security-policy']).toContain(sha('self.a=1'));
    expect(response.headers['content-security-policy']).not.toContain('nonce');
  });

  it('sends no policy with a 304, so the browser keeps the one stored with the page', async () => {
    const response = await fetchWith((res) => {
      res.statusCode = 304;
      res.setHeader('content-security-policy', POLICY);
      res.setHeader('cache-control', CACHED);
      res.end();
    });
    expect(response.status).toBe(304);
    expect(response.headers['content-security-policy']).toBeUndefined();
  });

  it('leaves a per-request page, and anything that is not HTML, exactly as written', async () => {
    const page = await fetchWith((res) => {
      res.writeHead(200, { 'content-type': 'text/html', 'cache-control': 'private, no-store', 'content-security-policy': POLICY });
      res.write(PAGE);
      res.end();
    });
    expect(page.headers['content-security-policy']).toBe(POLICY);
    expect(page.body.toString()).toBe(PAGE);

    const json = await fetchWith((res) => {
      res.setHeader('content-type', 'application/json');
      res.setHeader('cache-control', CACHED);
      res.end('{"ok":true}');
    });
    expect(json.body.toString()).toBe('{"ok":true}');
  });

  it('answers HEAD (Next ends it with null) with the hashes of the page when it was sent before, else with no policy', async () => {
    const cachedPage = (etag: string, body: string | null) => (res: ServerResponse) => {
      res.statusCode = 200;
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.setHeader('cache-control', CACHED);
      res.setHeader('content-security-policy', POLICY);
      res.setHeader('etag', etag);
      res.end(body);
    };
    const unseen = await fetchWith(cachedPage('"head-only"', null), 'HEAD');
    expect(unseen.status).toBe(200);
    expect(unseen.headers['content-security-policy']).toBeUndefined();

    await fetchWith(cachedPage('"seen"', PAGE));
    const seen = await fetchWith(cachedPage('"seen"', null), 'HEAD');
    expect(seen.status).toBe(200);
    expect(seen.headers['content-security-policy']).toContain(sha('self.a=1'));
    expect(seen.headers['content-security-policy']).not.toContain('nonce');
  });

  it('keeps a cached page that sets a cookie out of shared caches', async () => {
    const response = await fetchWith((res) => {
      res.setHeader('content-type', 'text/html');
      res.setHeader('cache-control', CACHED);
      res.setHeader('content-security-policy', POLICY);
      res.setHeader('set-cookie', 'i18n_redirected=en; Path=/');
      res.end(PAGE);
    });
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(response.headers['set-cookie']).toEqual(['i18n_redirected=en; Path=/']);
    expect(response.headers['content-security-policy']).toContain(sha('self.a=1'));
  });

  it('lets a shared cache tell visitors apart where the language of an unprefixed path comes from them', async () => {
    const response = await fetchWith((res) => {
      res.setHeader('content-type', 'text/html');
      res.setHeader('cache-control', CACHED);
      res.setHeader('content-security-policy', POLICY);
      res.setHeader('x-middleware-rewrite', '/cs');
      res.setHeader('vary', 'rsc, Accept-Encoding');
      res.end(PAGE);
    });
    expect(response.headers.vary).toBe('rsc, Accept-Encoding, Accept-Language, Cookie');
  });

  it('gives the 304 that revalidates such a page the same Vary, since its headers replace the stored ones', async () => {
    const response = await fetchWith((res) => {
      res.statusCode = 304;
      res.setHeader('cache-control', CACHED);
      res.setHeader('content-security-policy', POLICY);
      res.setHeader('x-middleware-rewrite', '/cs');
      res.setHeader('vary', 'rsc, Accept-Language');
      res.end();
    });
    expect(response.status).toBe(304);
    expect(response.headers.vary).toBe('rsc, Accept-Language, Cookie');
    expect(response.headers['content-security-policy']).toBeUndefined();
  });
});
