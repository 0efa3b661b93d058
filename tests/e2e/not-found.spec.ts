import { expect, test } from '@playwright/test';
import { raw, site, visit } from './support/sites';

for (const [host, path, text, button] of [
  ['localhost', '/tato-stranka-neexistuje', 'Omlouváme se, požadovaná stránka nebyla nalezena.', 'Zpět na úvodní stránku'],
  ['localhost', '/status/0b8e4a52-6d5c-4c1e-9a41-2f0f7f1c3b11', 'Omlouváme se, požadovaná stránka nebyla nalezena.', 'Zpět na úvodní stránku'],
  ['localhost', '/objednavka/ubytovani/0b8e4a52-6d5c-4c1e-9a41-2f0f7f1c3b11', 'Omlouváme se, požadovaná stránka nebyla nalezena.', 'Zpět na úvodní stránku'],
  ['pl.localhost', '/status/not-a-uuid', 'Przepraszamy, nie znaleziono żądanej strony.', 'Wróć na stronę główną'],
  ['pl.localhost', '/en/partner/sodexo', 'Sorry, the requested page was not found.', 'Go to the home page'],
  ['localhost', '/apiary', 'Omlouváme se, požadovaná stránka nebyla nalezena.', 'Zpět na úvodní stránku'],
  ['pluxee.localhost', '/inspirace/neexistujici-clanek', 'Omlouváme se, požadovaná stránka nebyla nalezena.', 'Zpět na úvodní stránku'],
] as const) {
  test(`${host}${path} is a 404 page with a way home`, async ({ page }) => {
    const response = await visit(page, site(host) + path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('404');
    await expect(page.getByText(text)).toBeVisible();
    // The 404 keeps the site's header and footer.
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await page.getByRole('link', { name: button }).click();
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('404');
    expect(new URL(page.url()).pathname).toBe(path.startsWith('/en/') ? '/en' : '/');
  });
}

test('a missing file outside the pages is a 404 too', async ({ page }) => {
  const response = await page.goto(`${site('pl.localhost')}/documents/dzb-pl/pl/missing.pdf`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('404');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
});

test('a path with a file extension that is no file is a plain 404, not a server error', async () => {
  for (const path of ['/favicon.ico', '/en.txt', '/cs/obrazek.png']) {
    const res = await raw(path, { host: 'localhost:3100' });
    expect(res.status, path).toBe(404);
  }
});
