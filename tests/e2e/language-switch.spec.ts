import { expect, test } from '@playwright/test';
import { preview } from './support/order-api';
import { hydrated, site, visit } from './support/sites';

test('switching the language keeps the page and shows a spinner meanwhile', async ({ page }) => {
  // The old page is gone once the new one arrives, so a watcher notes the overlay as it appears
  // (session storage survives the page change); the new page is held back a moment meanwhile.
  await page.addInitScript(() => {
    new MutationObserver(() => {
      const status = document.querySelector('[role="status"]');
      if (status?.textContent) sessionStorage.setItem('overlay-seen', status.textContent);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  await page.route('**/en/how-it-works?ref=newsletter', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    await route.continue();
  });

  await visit(page, `${site('pl.localhost')}/jak-to-dziala?ref=newsletter`);
  const button = page.getByRole('button', { name: /Język/ });
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  const options = page.locator('ul:has(a[hreflang])').getByRole('link');
  await expect(options).toHaveText(['Polski', 'English']);
  await page.getByRole('link', { name: 'English' }).click();

  await expect(page).toHaveURL(`${site('pl.localhost')}/en/how-it-works?ref=newsletter`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('How it works');
  expect(await page.evaluate(() => sessionStorage.getItem('overlay-seen'))).toBe('Zmieniamy język…');

  await hydrated(page);

  await page.getByRole('button', { name: /Language/ }).click();
  await page.getByRole('link', { name: 'Polski' }).click();
  await expect(page).toHaveURL(`${site('pl.localhost')}/jak-to-dziala?ref=newsletter`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
});

test('the language of a page with parameters carries the parameters over', async ({ page }) => {
  const id = '0b8e4a52-6d5c-4c1e-9a41-2f0f7f1c3b11';
  await visit(page, `${site('pl.localhost')}/en/order/reservation/${id}`);
  await page.getByRole('button', { name: /Language/ }).click();
  await page.getByRole('link', { name: 'Polski' }).click();
  await expect(page).toHaveURL(`${site('pl.localhost')}/zamowienie/rezerwacja/${id}`);
});

// One test per page: six page loads each waiting for hydration outgrew one test's time on a busy machine.
for (const [polish, english, heading] of [
  ['/regulamin', '/en/terms-of-service', /terms/i],
  ['/czeste-pytania', '/en/faq', /questions/i],
  ['/polityka-prywatnosci', '/en/privacy-policy', /privacy/i],
] as const) {
  test(`${polish} opens in English at ${english} and back`, async ({ page }) => {
    await visit(page, `${site('pl.localhost')}${polish}`);
    await switchTo(page, 'English');
    await expect(page).toHaveURL(`${site('pl.localhost')}${english}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await switchTo(page, 'Polski');
    await expect(page).toHaveURL(`${site('pl.localhost')}${polish}`);
  });
}

async function switchTo(page: import('@playwright/test').Page, language: 'English' | 'Polski') {
  const before = page.url();
  await page.getByRole('button', { name: /Język|Language/ }).click();
  await page.getByRole('link', { name: language }).click();
  await page.waitForURL((url) => url.href !== before);
  await hydrated(page);
}

test('what was typed into the contact form survives a change of language, both ways', async ({ page }) => {
  await visit(page, `${site('pl.localhost')}/kontakt`);
  await page.getByLabel('Imię i nazwisko').fill('Anna Kowalska');
  await page.getByLabel('Temat').fill('Faktura');
  await page.getByLabel('Wiadomość').fill('Proszę o fakturę na firmę.');
  await switchTo(page, 'English');
  await expect(page).toHaveURL(`${site('pl.localhost')}/en/contact`);
  await expect(page.getByLabel('Full name')).toHaveValue('Anna Kowalska');
  await expect(page.getByLabel('Subject')).toHaveValue('Faktura');
  await expect(page.getByLabel('Message')).toHaveValue('Proszę o fakturę na firmę.');
  await switchTo(page, 'Polski');
  await expect(page.getByLabel('Imię i nazwisko')).toHaveValue('Anna Kowalska');
});

test('the order form keeps what was typed across a change of language, but asks for consent again', async ({ page }) => {
  const id = await preview('pl');
  await visit(page, `${site('pl.localhost')}/zamowienie/rezerwacja/${id}`);
  await page.getByLabel('Imię').first().fill('Anna');
  await page.getByLabel('Nazwisko').first().fill('Kowalska');
  await page.getByLabel('E-mail').first().fill('anna@example.pl');
  await page.getByLabel(/regulamin/).check();
  await switchTo(page, 'English');
  await expect(page.getByLabel('First name').first()).toHaveValue('Anna');
  await expect(page.getByLabel('Last name').first()).toHaveValue('Kowalska');
  await expect(page.getByLabel('E-mail').first()).toHaveValue('anna@example.pl');
  // The consent was given to the Polish wording: it is asked for again in English.
  await expect(page.getByLabel(/terms of service/)).not.toBeChecked();
});

test('the Czech site lists only Czech', async ({ page }) => {
  await visit(page, site('localhost'));
  await page.getByRole('button', { name: /Jazyk/ }).click();
  await expect(page.locator('ul:has(a[hreflang])').getByRole('link')).toHaveText(['Čeština']);
});

test('the drop-down closes on an outside click and on Escape', async ({ page }) => {
  await visit(page, site('pl.localhost'));
  const button = page.getByRole('button', { name: /Język/ });
  const english = page.getByRole('link', { name: 'English' });

  await button.click();
  await expect(english).toBeVisible();
  await page.getByRole('heading', { level: 1 }).click();
  await expect(english).toBeHidden();
  await expect(button).toHaveAttribute('aria-expanded', 'false');

  await button.click();
  await expect(english).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(english).toBeHidden();
  await expect(button).toBeFocused();
});

test('the drop-down works by keyboard', async ({ page }) => {
  await visit(page, site('pl.localhost'));
  await page.getByRole('button', { name: /Język/ }).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'English' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`${site('pl.localhost')}/en`);
});
