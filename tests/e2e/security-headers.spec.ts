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
  // As an English browser asks.
  const english = { 'accept-language': 'en-GB,en;q=0.9' };
  const first = await raw(path, { host: 'pl.localhost:3100', headers: english });
  const second = await raw(path, { host: 'pl.localhost:3100', headers: english });
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
  // A visitor who read the site in Polish until now gets the same shared page: the server never
  // writes the language preference (the browser does, after load).
  const switched = await raw(path, { host: 'pl.localhost:3100', headers: { 'accept-language': 'pl', cookie: 'i18n_redirected=pl' } });
  expect(switched.headers['set-cookie']).toBeUndefined();
  expect(switched.headers['cache-control']).toMatch(/s-maxage=\d+/);

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

test('no page a shared cache may keep carries Set-Cookie, whoever asks', async () => {
  const pages: [string, string][] = [
    ['localhost:3100', '/'],
    ['localhost:3100', '/jak-to-funguje'],
    ['localhost:3100', '/kontakt'],
    ['localhost:3100', '/inspirace'],
    ['localhost:3100', '/edenred-2024'],
    ['localhost:3100', '/no-such-page'],
    ['pl.localhost:3100', '/'],
    ['pl.localhost:3100', '/en'],
    ['pl.localhost:3100', '/en/how-it-works'],
    ['pluxee.localhost:3100', '/'],
  ];
  const visitors: Record<string, string>[] = [
    {},
    { 'accept-language': 'en-GB,en;q=0.9' },
    { 'accept-language': 'pl' },
    { cookie: 'i18n_redirected=en' },
    { cookie: 'i18n_redirected=pl', 'accept-language': 'en' },
  ];
  for (const [host, path] of pages) {
    for (const headers of visitors) {
      const answer = await raw(path, { host, headers });
      // A redirect (to the visitor's language) is not a page: no cache keeps it.
      if (answer.status >= 300 && answer.status < 400) continue;
      expect(answer.headers['set-cookie'], `${host}${path} ${JSON.stringify(headers)}`).toBeUndefined();
    }
  }
});

test('a redirect to the visitor\'s language names what it depends on; one that remembers the language is kept by no cache', async () => {
  const toEnglish = await raw('/', { host: 'pl.localhost:3100', headers: { 'accept-language': 'en-GB,en;q=0.9' } });
  expect(toEnglish.status).toBe(307);
  expect(String(toEnglish.headers.location)).toMatch(/\/en$/);
  expect(String(toEnglish.headers.vary)).toMatch(/Accept-Language/i);
  expect(String(toEnglish.headers.vary)).toMatch(/Cookie/i);
  expect(String(toEnglish.headers['cache-control'])).toMatch(/s-maxage=\d+/);
  expect(toEnglish.headers['set-cookie']).toBeUndefined();

  const byCookie = await raw('/', { host: 'pl.localhost:3100', headers: { 'accept-language': 'pl', cookie: 'i18n_redirected=en' } });
  expect(byCookie.status).toBe(307);
  expect(String(byCookie.headers.vary)).toMatch(/Cookie/i);

  const prefixedDefault = await raw('/pl/kontakt', { host: 'pl.localhost:3100' });
  expect(prefixedDefault.status).toBeGreaterThanOrEqual(300);
  expect(prefixedDefault.status).toBeLessThan(400);
  expect(prefixedDefault.headers['set-cookie']).toBeDefined();
  expect(String(prefixedDefault.headers['cache-control'])).toMatch(/no-store/);
  // Secure, as every cookie of the site, but on plain-http dev and test servers.
  expect(String(prefixedDefault.headers['set-cookie'])).not.toMatch(/;\s*Secure/i);
  const onProd = await raw('/pl/kontakt', { host: 'pl.localhost:3101', env: 'prod' });
  expect(String(onProd.headers['set-cookie'])).toMatch(/^i18n_redirected=pl;.*; Secure$/);
});

