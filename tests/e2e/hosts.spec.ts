import { expect, test } from '@playwright/test';
import { raw, site, visit } from './support/sites';

test.describe('each host serves its own site', () => {
  for (const host of ['localhost', 'cz.localhost'] as const) {
    test(`${host} is the Czech site`, async ({ page }) => {
      await visit(page, site(host));
      await expect(page.locator('html')).toHaveAttribute('lang', 'cs');
      await expect(page.locator('html')).toHaveAttribute('data-variant', 'cz');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dovolená za zaměstnanecké benefity');
      const nav = page.getByRole('navigation', { name: 'Hlavní menu' });
      await expect(nav.getByRole('link', { name: 'Dárkový poukaz' })).toHaveAttribute('href', '/voucher');
      await expect(nav.getByRole('link', { name: 'Rezervovat pobyt' })).toHaveAttribute('href', '/objednavka');
      await expect(page.getByRole('link', { name: 'Dovolená za benefity: úvodní stránka' })).toBeVisible();
    });
  }

  test('pl.localhost is the Polish site, without the voucher link', async ({ page }) => {
    await visit(page, site('pl.localhost'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
    await expect(page.locator('html')).toHaveAttribute('data-variant', 'pl');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Wakacje opłacone świadczeniami pracowniczymi');
    const nav = page.getByRole('navigation', { name: 'Menu główne' });
    await expect(nav.getByRole('link', { name: 'Zarezerwuj pobyt' })).toHaveAttribute('href', '/zamowienie');
    await expect(nav.getByRole('link', { name: 'Voucher podarunkowy' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /Wakacje za benefity/ }).first()).toBeVisible();
  });

  test('English lives on the Polish host under /en', async ({ page }) => {
    await visit(page, `${site('pl.localhost')}/en`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Holidays paid with employee benefits');
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    await expect(nav.getByRole('link', { name: 'Book a stay' })).toHaveAttribute('href', '/en/order');
    await nav.getByRole('link', { name: 'Contact' }).click();
    await expect(page).toHaveURL(`${site('pl.localhost')}/en/contact`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact');
  });

  test('pluxee.localhost is the Pluxee white label', async ({ page }) => {
    await visit(page, site('pluxee.localhost'));
    await expect(page.locator('html')).toHaveAttribute('data-variant', 'pluxee');
    await expect(page.locator('html')).toHaveAttribute('lang', 'cs');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dovolená za benefity Pluxee');
    await expect(page.getByRole('link', { name: 'Pluxee Dovolená: úvodní stránka' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Hlavní menu' }).getByRole('link', { name: 'Dárkový poukaz' })).toBeVisible();
  });

  test('a page answers in the language of the Host header, as curl sees it', async () => {
    const english = await raw('/en', { host: 'pl.localhost:3100' });
    expect(english.status).toBe(200);
    expect(english.body).toContain('<html lang="en"');
    const czech = await raw('/', { host: 'localhost:3100' });
    expect(czech.body).toContain('<html lang="cs" data-variant="cz"');
    const pluxee = await raw('/', { host: 'pluxee.localhost:3100' });
    expect(pluxee.body).toContain('data-variant="pluxee"');
    expect(pluxee.body).toContain('Pluxee Dovolená');
  });
});

test.describe('a locale of another host is not served', () => {
  for (const [host, path] of [
    ['localhost', '/en'],
    ['localhost', '/pl/kontakt'],
    ['localhost', '/cs-pluxee'],
    ['pl.localhost', '/cs'],
    ['pl.localhost', '/cs/kontakt'],
    ['pluxee.localhost', '/en/contact'],
  ] as const) {
    test(`${host}${path} is a 404 of the host's own site`, async ({ page }) => {
      const response = await visit(page, site(host) + path);
      expect(response?.status()).toBe(404);
      await expect(page).toHaveURL(site(host) + path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('404');
      await expect(page.locator('html')).toHaveAttribute('lang', host === 'pl.localhost' ? 'pl' : 'cs');
    });
  }
});

test.describe('locale detection within the host', () => {
  test('the Polish host sends an English browser to /en', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'en-GB' });
    const page = await context.newPage();
    await visit(page, `${site('pl.localhost')}/kontakt`);
    await expect(page).toHaveURL(`${site('pl.localhost')}/en/contact`);
    await context.close();
  });

  test('the i18n_redirected cookie wins over the browser language', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'en-GB' });
    await context.addCookies([{ name: 'i18n_redirected', value: 'pl', url: site('pl.localhost') }]);
    const page = await context.newPage();
    await visit(page, site('pl.localhost'));
    await expect(page).toHaveURL(`${site('pl.localhost')}/`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
    await context.close();
  });

  test('the Czech host stays Czech for an English browser', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    const response = await visit(page, site('localhost'));
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', 'cs');
    await context.close();
  });

  test('a chosen locale is remembered over the browser language', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'en-GB' });
    const page = await context.newPage();
    // The prefixed default locale (as the language switch links it) is redirected to the bare path.
    await visit(page, `${site('pl.localhost')}/pl/kontakt`);
    await expect(page).toHaveURL(`${site('pl.localhost')}/kontakt`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
    const cookie = (await context.cookies(site('pl.localhost'))).find((c) => c.name === 'i18n_redirected');
    expect(cookie?.value).toBe('pl');
    expect(cookie?.sameSite).toBe('Lax');
    // 365 days, give or take the seconds the test takes.
    expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);
    // Later visits stay Polish although the browser asks for English.
    await visit(page, `${site('pl.localhost')}/jak-to-dziala`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
    await context.close();
  });
});

test.describe('localized paths', () => {
  for (const [host, path, title] of [
    ['localhost', '/objednavka', 'Rezervace pobytu'],
    ['localhost', '/jak-to-funguje', 'Jak to funguje'],
    ['localhost', '/overeni-poukazu', 'Ověření poukazu'],
    ['localhost', '/inspirace', 'Inspirace'],
    ['pl.localhost', '/zamowienie', 'Rezerwacja pobytu'],
    ['pl.localhost', '/jak-to-dziala', 'Jak to działa'],
    ['pl.localhost', '/sprawdz-voucher', 'Sprawdź voucher'],
    ['pl.localhost', '/en/order', 'Book a stay'],
    ['pl.localhost', '/en/voucher-status', 'Check a voucher'],
    ['pluxee.localhost', '/kontakt', 'Kontakt'],
    ['localhost', '/partner/benefit-systems', 'Dovolená za benefity Benefit Systems'],
    ['pl.localhost', '/zamowienie/rezerwacja/0b8e4a52-6d5c-4c1e-9a41-2f0f7f1c3b11', 'Ta oferta cenowa jest już nieaktualna'],
  ] as const) {
    test(`${host}${path} shows "${title}"`, async ({ page }) => {
      const response = await visit(page, site(host) + path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    });
  }

  test('another language’s path is redirected to this language’s path', async ({ page }) => {
    await visit(page, `${site('localhost')}/zamowienie`);
    await expect(page).toHaveURL(`${site('localhost')}/objednavka`);
  });
});

test('the footer links to the documents of the site and language', async ({ page, request }) => {
  await visit(page, `${site('pl.localhost')}/en`);
  const documents = page.getByRole('navigation', { name: 'Documents' }).getByRole('link');
  await expect(documents).toHaveCount(4);
  const hrefs = await documents.evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  expect(hrefs).toEqual([
    '/documents/dzb-pl/en/cancellation-policy.pdf',
    '/documents/dzb-pl/en/privacy-policy.pdf',
    '/documents/dzb-pl/en/terms-of-service.pdf',
    '/documents/dzb-pl/en/complaints-procedure.pdf',
  ]);
  for (const href of hrefs) {
    const response = await request.get(`http://127.0.0.1:3100${href}`);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
  }
  await visit(page, site('localhost'));
  await expect(page.getByRole('link', { name: /Obchodní podmínky/ })).toHaveAttribute(
    'href',
    '/documents/dzb-cz/cs/terms-of-service.pdf',
  );
  await expect(page.getByRole('link', { name: 'Ověření poukazu' })).toHaveAttribute('href', '/overeni-poukazu');
});

test('a forwarded host from a client that is not a trusted proxy is ignored', async () => {
  const stranger = '127.79.0.1';
  const spoofed = await raw('/', { host: 'localhost:3100', localAddress: stranger, headers: { 'x-forwarded-host': 'pl.localhost' } });
  expect(spoofed.body).toContain('<html lang="cs" data-variant="cz"');
  const api = await raw('/api/dzb.v1.ApiService/PaymentMethods', {
    host: 'localhost:3100',
    localAddress: stranger,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-host': 'pl.localhost' },
    body: JSON.stringify({ productVariant: { product: 'PRODUCT_DZB_PL', lang: 'LANG_PL', currency: 'CURRENCY_PLN' } }),
  });
  expect(api.status).toBe(400);
});
