import { expect, test } from '@playwright/test';
import { outbox } from './support/forms';
import { site, visit } from './support/sites';

test('the contact form is validated, sent, and reaches support', async ({ page }) => {
  await visit(page, `${site('localhost')}/kontakt`);
  await page.getByRole('button', { name: 'Odeslat' }).click();
  await expect(page.getByLabel('Jméno a příjmení')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Jméno a příjmení').fill('Petr Svoboda');
  await page.getByLabel('E-mail').fill('petr@example.cz');
  await page.getByLabel('Předmět').fill('Dotaz na platbu');
  await page.getByLabel('Zpráva').fill('Dobrý den, lze kombinovat Pluxee a kartu?');
  await page.getByRole('button', { name: 'Odeslat' }).click();
  await expect(page.getByRole('status')).toHaveText('Děkujeme, formulář byl úspěšně odeslán!');
  // The mail job sends it to the sandbox's mail server right after.
  await expect
    .poll(async () => (await outbox('http://127.0.0.1:3100')).find((m) => m.subject.includes('Dotaz na platbu'))?.to, { timeout: 30_000 })
    .toBe('info@dovolena-za-benefity.cz');
});

test('the English contact page on the Polish host', async ({ page }) => {
  await visit(page, `${site('pl.localhost')}/en/contact`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact');
  await expect(page.getByRole('heading', { name: 'Urgent help' })).toBeVisible();
});

test('every landmark of the contact page has a name of its own, in each language', async ({ page }) => {
  for (const url of [`${site('localhost')}/kontakt`, `${site('pl.localhost')}/kontakt`, `${site('pl.localhost')}/en/contact`]) {
    await visit(page, url);
    const names = await page.locator('main section[aria-labelledby], footer section[aria-labelledby], nav[aria-label]').evaluateAll((elements) =>
      elements.map((element) => element.getAttribute('aria-label') ?? document.getElementById(element.getAttribute('aria-labelledby')!)?.textContent?.trim()),
    );
    expect(names.length).toBeGreaterThan(2);
    expect(new Set(names).size, `${url}: ${names.join(' | ')}`).toBe(names.length);
  }
});
