import { expect, type Page, test } from '@playwright/test';
import { fillCzechCustomer } from './support/forms';
import { preview } from './support/order-api';
import { site, visit } from './support/sites';

/** Forms off the happy path: what was typed is judged fairly and nothing shown is stale. */

test('the voucher shop starts without a fee, judges a typed value as typed and shows no amounts for an invalid one', async ({ page }) => {
  await visit(page, `${site('localhost')}/voucher`);
  await expect(page.getByRole('group', { name: 'Jak chcete platit?' }).getByRole('radio', { checked: true })).toHaveAccessibleName(/bez poplatku/);
  await expect(page.getByTestId('recap-total')).toHaveText('1 000 Kč');

  await page.getByText('Jiná částka').click();
  const custom = page.getByLabel(/Vaše částka/);
  await custom.fill('300');
  await custom.blur();
  await expect(page.getByText('Nejnižší hodnota je', { exact: false })).toBeVisible();
  // Nothing priced for an earlier value is shown against this one.
  await expect(page.getByTestId('recap-total')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Objednat a zaplatit', exact: true })).toBeVisible();

  await custom.fill('2500,50');
  await custom.blur();
  await expect(page.getByText('Zadejte prosím částku v celých korunách, bez haléřů.')).toBeVisible();
  await expect(page.getByText('Vyplňte prosím toto pole.')).toHaveCount(0);

  await custom.fill('2500');
  await expect(page.getByTestId('recap-total')).toContainText('2 500');
  await expect(page.getByRole('button', { name: /Objednat a zaplatit 2 500/ })).toBeVisible();
});

test('a gift recipient needs no e-mail, since the recipient is never contacted', async ({ page }) => {
  test.setTimeout(60_000);
  await visit(page, `${site('localhost')}/voucher`);
  await fillCzechCustomer(page, 'gift.giver@example.cz');
  await page.getByLabel('Jde o dárek').check();
  const recipient = page.getByRole('group', { name: 'Obdarovaný' });
  await recipient.getByLabel('Jméno').fill('Eva');
  await recipient.getByLabel('Příjmení').fill('Malá');
  await page.getByRole('button', { name: /Objednat a zaplatit/ }).click();
  await page.waitForURL(/\/(status\/|sandbox\/gateways\/)/, { timeout: 30_000 });
});

test('a voucher code with a digit missing is told so, not reported as not found', async ({ page }) => {
  await visit(page, `${site('localhost')}/overeni-poukazu`);
  await page.getByLabel('Kód poukazu').fill('1234 567');
  await page.getByRole('button', { name: 'Ověřit' }).click();
  await expect(page.getByText('Kód poukazu má 8 číslic. Zkontrolujte prosím, zda jste opsali všechny.')).toBeVisible();
  await expect(page.getByLabel('Kód poukazu')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Poukaz s tímto kódem jsme nenašli', { exact: false })).toHaveCount(0);
});

async function headerBottom(page: Page) {
  return (await page.locator('header').first().boundingBox())!.y + (await page.locator('header').first().boundingBox())!.height;
}

test('the sticky header never covers the field that takes the focus', async ({ page }) => {
  const id = await preview('cz');
  await visit(page, `${site('localhost')}/objednavka/rezervace/${id}`);
  await fillCzechCustomer(page, 'sticky.header@example.cz');
  const street = page.getByLabel('Ulice a číslo popisné');
  await street.fill('');
  await page.getByRole('button', { name: /Objednat a zaplatit/ }).click();
  await expect(street).toBeFocused();
  expect((await street.boundingBox())!.y).toBeGreaterThanOrEqual(await headerBottom(page));
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the stay form fits its card, and a missing child age marks only that age', async ({ page }) => {
    const link = 'https://www.booking.com/hotel/cz/vltava-riverside-prague.cs.html';
    await visit(page, `${site('localhost')}/objednavka?url=${encodeURIComponent(link)}`);
    const form = page.getByRole('form', { name: 'Termín a počet osob' });
    const card = (await form.boundingBox())!;
    for (const label of ['Příjezd', 'Odjezd']) {
      const field = (await page.getByLabel(label).boundingBox())!;
      expect(field.x + field.width, label).toBeLessThanOrEqual(card.x + card.width);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await page.getByLabel('Děti').selectOption('1');
    await page.getByRole('button', { name: 'Zobrazit pokoje' }).click();
    await expect(page.getByLabel('Věk 1. dítěte')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Děti')).not.toHaveAttribute('aria-invalid', 'true');
  });
});
