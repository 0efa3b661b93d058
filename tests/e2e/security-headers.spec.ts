import { expect, test } from '@playwright/test';
import { hydrated, raw, visit } from './support/sites';

const nonceOf = (csp: unknown) => /'nonce-([^']+)'/.exec(String(csp))?.[1];
const hashesOf = (csp: unknown) => String(csp).match(/'sha256-[^']+'/g) ?? [];

test('a per-request page carries a CSP with a fresh nonce that its scripts use, and is not stored', async () => {
  const first = await raw('/objednavka', { host: 'localhost:3100' });
  const second = await raw('/objednavka', { host: 'localhost:3100' });
  const nonce = nonceOf(first.headers['content-security-policy']);
  expect(nonce).toBeTruthy();
  expect(nonceOf(second.headers['content-security-policy'])).not.toBe(nonce);
  expect(first.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(first.headers['cache-control']).toContain('no-store');
  expect(first.headers['x-content-type-options']).toBe('nosniff');
  expect(first.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(first.body).toContain(`nonce="${nonce}"`);
});

test('a page the same for every visitor is served from the cache under a hash-only CSP', async ({ page }) => {
  const path = '/en/how-it-works';
  // As an English browser asks (a request in no language gets next-intl's cookie, see below).
  const english = { 'accept-language': 'en-GB,en;q=0.9' };
  const first = await raw(path, { host: 'pl.localhost:3100', headers: english });
  const second = await raw(path, { host: 'pl.localhost:3100', headers: english });
  expect(second.headers['x-nextjs-cache']).toBe('HIT');
  expect(second.headers['cache-control']).toMatch(/s-maxage=\d+/);
  expect(second.body).toBe(first.body);
  const csp = second.headers['content-security-policy'];
  const scriptSrc = /script-src [^;]*/.exec(String(csp))?.[0] ?? '';
  expect(scriptSrc).not.toContain('nonce');
  expect(scriptSrc).not.toContain('strict-dynamic');
  expect(scriptSrc).not.toContain('unsafe-inline');
  expect(hashesOf(csp).length).toBeGreaterThan(0);
  expect(hashesOf(csp)).toEqual(hashesOf(first.headers['content-security-policy']));

  // A HEAD request (monitors, link checkers) gets the same answer without a body.
  const head = await raw(path, { host: 'pl.localhost:3100', method: 'HEAD', headers: english });
  expect(head.status).toBe(200);
  expect(hashesOf(head.headers['content-security-policy'])).toEqual(hashesOf(csp));
  // A visitor whose language cookie is set here gets the page privately, never from a CDN.
  const switched = await raw(path, { host: 'pl.localhost:3100', headers: { 'accept-language': 'pl', cookie: 'i18n_redirected=pl' } });
  expect(String(switched.headers['set-cookie'])).toContain('i18n_redirected=en');
  expect(switched.headers['cache-control']).toBe('private, no-cache');

  // The page runs under it, and a script without a hash is refused.
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await visit(page, `http://pl.localhost:3100${path}`);
  await page.getByRole('button', { name: /Language/ }).click();
  await expect(page.getByRole('link', { name: 'Polski' })).toBeVisible();
  // A reload revalidates the stored page (304): it must still run under its own hashes.
  await page.reload();
  await hydrated(page);
  expect(violations).toEqual([]);

  const refused = await page.evaluate(
    () =>
      new Promise<{ ran: boolean; directive: string }>((resolve) => {
        document.addEventListener('securitypolicyviolation', (event) =>
          resolve({ ran: 'injected' in window, directive: event.effectiveDirective }),
        );
        const script = document.createElement('script');
        script.textContent = 'window.injected = true';
        document.body.append(script);
      }),
  );
  expect(refused).toEqual({ ran: false, directive: 'script-src-elem' });
});
