import { expect, test } from '@playwright/test';
import { site, visit } from './support/sites';

test.use({ viewport: { width: 375, height: 740 } });

test('the mobile menu toggles, locks scrolling and closes at tablet width', async ({ page }) => {
  await visit(page, site('localhost'));
  const toggle = page.getByRole('button', { name: 'Otevřít menu' });
  const contact = page.getByRole('navigation', { name: 'Hlavní menu' }).getByRole('link', { name: 'Kontakt' });
  const html = page.locator('html');

  await expect(contact).toBeHidden();
  await toggle.click();
  await expect(page.getByRole('button', { name: 'Zavřít menu' })).toHaveAttribute('aria-expanded', 'true');
  await expect(contact).toBeVisible();
  await expect(html).toHaveAttribute('data-scroll-locked', '');
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');

  await page.getByRole('button', { name: 'Zavřít menu' }).click();
  await expect(contact).toBeHidden();
  await expect(html).not.toHaveAttribute('data-scroll-locked', '');

  await toggle.click();
  await expect(contact).toBeVisible();
  await page.setViewportSize({ width: 768, height: 1024 });
  await expect(page.getByRole('button', { name: /menu/ })).toBeHidden();
  await expect(html).not.toHaveAttribute('data-scroll-locked', '');
  // Back on a phone the menu is closed, not still open from before.
  await page.setViewportSize({ width: 375, height: 740 });
  await expect(page.getByRole('button', { name: 'Otevřít menu' })).toHaveAttribute('aria-expanded', 'false');
  await expect(contact).toBeHidden();
});

test('Escape closes the menu and choosing a link navigates and closes it', async ({ page }) => {
  await visit(page, site('pl.localhost'));
  await page.getByRole('button', { name: 'Otwórz menu' }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Otwórz menu' })).toBeFocused();

  await page.getByRole('button', { name: 'Otwórz menu' }).click();
  await page.getByRole('navigation', { name: 'Menu główne' }).getByRole('link', { name: 'Jak to działa' }).click();
  await expect(page).toHaveURL(`${site('pl.localhost')}/jak-to-dziala`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Jak to działa');
  await expect(page.getByRole('link', { name: 'Kontakt' }).first()).toBeVisible();
  await expect(page.locator('html')).not.toHaveAttribute('data-scroll-locked', '');
  await expect(page.getByRole('button', { name: 'Otwórz menu' })).toHaveAttribute('aria-expanded', 'false');
});

test('while the menu is open, Tab never walks into the page hidden behind it', async ({ page }) => {
  await visit(page, site('localhost'));
  await page.getByRole('button', { name: 'Otevřít menu' }).click();
  await expect(page.locator('main')).toHaveAttribute('inert', '');
  for (let step = 0; step < 20; step++) {
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('main, footer') === null)).toBe(true);
  }
  await page.getByRole('button', { name: 'Zavřít menu' }).click();
  await expect(page.locator('main')).not.toHaveAttribute('inert');
});
