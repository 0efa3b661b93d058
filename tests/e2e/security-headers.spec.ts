import { expect, test } from '@playwright/test';
import { raw, visit } from './support/sites';

test('every page carries a CSP with a fresh nonce that its scripts use', async ({ page }) => {
  const first = await raw('/', { host: 'localhost:3100' });
  const second = await raw('/', { host: 'localhost:3100' });
  const nonceOf = (csp: unknown) => /'nonce-([^']+)'/.exec(String(csp))?.[1];
  const nonce = nonceOf(first.headers['content-security-policy']);
  expect(nonce).toBeTruthy();
  expect(nonceOf(second.headers['content-security-policy'])).not.toBe(nonce);
  expect(first.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(first.headers['x-content-type-options']).toBe('nosniff');
  expect(first.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(first.body).toContain(`nonce="${nonce}"`);

  // And the page actually runs under it: no CSP violations while it hydrates and is used.
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await visit(page, 'http://pl.localhost:3100/en');
  await page.getByRole('button', { name: /Language/ }).click();
  await expect(page.getByRole('link', { name: 'Polski' })).toBeVisible();
  expect(violations).toEqual([]);
});
