import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EXTRA_VARY_HEADER } from '@/lib/http/extra-vary';
import { createCachedPagePolicy, isCachedPage, notModifiedHeaders, withExtraVary, without } from '@/server/security/cached-page-csp';
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

const CACHED_PAGE = { 'content-type': 'text/html; charset=utf-8', 'cache-control': CACHED, 'content-security-policy': POLICY, etag: '"p1"' };

describe('the headers of a page any visitor may get from a cache', () => {
  it('knows such a page by its shared lifetime, type and policy', () => {
    expect(isCachedPage(CACHED_PAGE)).toBe(true);
    expect(isCachedPage({ ...CACHED_PAGE, 'cache-control': 'private, no-store' })).toBe(false);
    expect(isCachedPage({ ...CACHED_PAGE, 'content-type': 'application/json' })).toBe(false);
    expect(isCachedPage(without(CACHED_PAGE, 'content-security-policy'))).toBe(false);
  });

  it('gives it the hashes of its own scripts instead of the nonce, the rest of the policy kept', () => {
    const headers = createCachedPagePolicy().headersFor(CACHED_PAGE, PAGE);
    expect(headers['content-security-policy']).toBe(`default-src 'self'; script-src 'self' ${sha('self.a=1')} ${sha('import "/y.js"')}; object-src 'none'`);
    expect(headers['cache-control']).toBe(CACHED);
  });

  it('names the hashes in a HEAD answer once the page was sent, and no policy before', () => {
    const policy = createCachedPagePolicy();
    expect(policy.headersFor(CACHED_PAGE, undefined)['content-security-policy']).toBeUndefined();
    policy.headersFor(CACHED_PAGE, PAGE);
    expect(policy.headersFor(CACHED_PAGE, undefined)['content-security-policy']).toContain(sha('self.a=1'));
    expect(policy.headersFor({ ...CACHED_PAGE, etag: '"p2"' }, undefined)['content-security-policy']).toBeUndefined();
  });

  it('hashes a page again when its ETag changes', () => {
    const policy = createCachedPagePolicy();
    policy.headersFor(CACHED_PAGE, PAGE);
    const changed = policy.headersFor({ ...CACHED_PAGE, etag: '"p2"' }, '<script>other()</script>');
    expect(changed['content-security-policy']).toContain(sha('other()'));
    expect(changed['content-security-policy']).not.toContain(sha('self.a=1'));
  });

  it('keeps a page that sets a cookie out of shared caches, on the page and on its 304', () => {
    const withCookie = { ...CACHED_PAGE, 'set-cookie': ['i18n_redirected=en; Path=/'] };
    const headers = createCachedPagePolicy().headersFor(withCookie, PAGE);
    expect(headers['cache-control']).toBe('private, no-cache');
    expect(headers['set-cookie']).toEqual(['i18n_redirected=en; Path=/']);
    expect(notModifiedHeaders(withCookie)['cache-control']).toBe('private, no-cache');
  });

  it('sends no policy with a 304, so the browser keeps the one stored with the page', () => {
    const headers = notModifiedHeaders(CACHED_PAGE);
    expect(headers['content-security-policy']).toBeUndefined();
    expect(headers.etag).toBe('"p1"');
  });

  it('merges what proxy.ts says a page also varies on into Vary, and sends its header on to nobody', () => {
    const merged = withExtraVary({ ...CACHED_PAGE, vary: 'rsc, Accept-Encoding, cookie', [EXTRA_VARY_HEADER]: 'Accept-Language, Cookie' });
    expect(merged.vary).toBe('rsc, Accept-Encoding, cookie, Accept-Language');
    expect(merged[EXTRA_VARY_HEADER]).toBeUndefined();
    expect(withExtraVary({ [EXTRA_VARY_HEADER]: 'Accept-Language' }).vary).toBe('Accept-Language');
    expect(withExtraVary(CACHED_PAGE)).toBe(CACHED_PAGE);
  });
});
