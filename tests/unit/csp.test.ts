import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, createNonce } from '@/server/security/csp';

describe('createNonce', () => {
  it('gives 128 random bits, different every time', () => {
    const nonces = new Set(Array.from({ length: 200 }, createNonce));
    expect(nonces.size).toBe(200);
    for (const nonce of nonces) expect(atob(nonce)).toHaveLength(16);
  });
});

describe('contentSecurityPolicy', () => {
  const directives = (policy: string) =>
    new Map(policy.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));

  it('allows scripts only with the nonce in production', () => {
    const csp = directives(contentSecurityPolicy({ nonce: 'abc', dev: false, https: true }));
    expect(csp.get('script-src')).toEqual(["'self'", "'nonce-abc'", "'strict-dynamic'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.has('upgrade-insecure-requests')).toBe(true);
  });

  it("adds 'unsafe-eval' only for the development server", () => {
    const dev = contentSecurityPolicy({ nonce: 'n', dev: true, https: false });
    expect(directives(dev).get('script-src')).toContain("'unsafe-eval'");
    expect(dev).not.toContain('upgrade-insecure-requests');
  });

  it('lets the browser report to the monitoring host only when one is configured', () => {
    const csp = contentSecurityPolicy({
      nonce: 'n',
      dev: false,
      https: true,
      sentryDsn: 'https://key@o1.ingest.sentry.io/42',
    });
    expect(directives(csp).get('connect-src')).toEqual(["'self'", 'https://o1.ingest.sentry.io']);
  });

  it('loads images from the site and from the hotel photo hosts it is given, nowhere else', () => {
    const csp = directives(contentSecurityPolicy({ nonce: 'n', dev: false, https: true, imageOrigins: ['https://cf.bstatic.com'] }));
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://cf.bstatic.com']);
    expect(directives(contentSecurityPolicy({ nonce: 'n', dev: false, https: true })).get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
  });
});
