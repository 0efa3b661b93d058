import { expect, test } from '@playwright/test';
import { site, visit } from './support/sites';

test('outside production the panel opens from its button and shows both builds', async ({ page }) => {
  await visit(page, `${site('pl.localhost')}/en`);
  const toggle = page.getByRole('button', { name: 'Version information' });
  await expect(toggle).toBeVisible();
  expect(await toggle.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');

  const panel = page.getByTestId('version-panel');
  await expect(panel).toBeHidden();
  await toggle.click();
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'Version information', level: 2 })).toBeVisible();

  const server = panel.locator('dl').first();
  await expect(server.locator('dt', { hasText: 'Environment' }).locator('+ dd')).toHaveText('test');
  const uptime = panel.getByTestId('backend-uptime');
  await expect(uptime).toHaveText(/^\d+ h \d+ min \d+ s$/);
  const first = await uptime.textContent();
  await expect(uptime).not.toHaveText(first ?? '', { timeout: 3_000 });

  const settings = panel.locator('dl').nth(2);
  await expect(settings).toContainText('DZB_PL');
  await expect(settings).toContainText('en');

  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(toggle).toBeFocused();
});

test('in production the button is invisible until focused, and the panel still works', async ({ page }) => {
  await visit(page, site('localhost', 'prod'));
  const toggle = page.getByRole('button', { name: 'Informace o verzi' });
  expect(await toggle.evaluate((el) => getComputedStyle(el).opacity)).toBe('0');
  await toggle.focus();
  expect(await toggle.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
  await page.keyboard.press('Enter');
  const panel = page.getByTestId('version-panel');
  await expect(panel).toBeVisible();
  await expect(panel.locator('dl').first()).toContainText('prod');
});
