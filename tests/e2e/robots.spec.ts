import { expect, test } from '@playwright/test';
import { type Env, raw, site, visit } from './support/sites';

const robots = 'meta[name="robots"]';

for (const [host, env, indexed] of [
  ['localhost', 'test', false],
  ['pl.localhost', 'test', false],
  ['pluxee.localhost', 'test', false],
  ['localhost', 'prod', true],
  ['pl.localhost', 'prod', true],
  ['pluxee.localhost', 'prod', false],
] as const satisfies readonly (readonly [string, Env, boolean])[]) {
  test(`${host} in ${env} ${indexed ? 'may be indexed' : 'is kept out of search engines'}`, async ({ page }) => {
    await visit(page, site(host, env));
    if (indexed) await expect(page.locator(robots)).toHaveCount(0);
    else await expect(page.locator(robots)).toHaveAttribute('content', 'noindex, nofollow');
  });
}

test('an unknown host is kept out of search engines even in production', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  // The HTML is the Czech site's, shared through the page cache; the header travels per request.
  const response = await visit(page, 'http://127.0.0.1:3101/');
  await expect(page.locator('html')).toHaveAttribute('data-variant', 'cz');
  expect(response?.headers()['x-robots-tag']).toBe('noindex, nofollow');
  const known = await raw('/', { host: 'localhost:3101', env: 'prod' });
  expect(known.headers['x-robots-tag']).toBeUndefined();
  await context.close();
});
