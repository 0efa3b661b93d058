import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { WCAG_21_AA } from './support/axe';
import { site, visit } from './support/sites';


for (const url of [
  site('localhost'),
  `${site('localhost')}/objednavka`,
  `${site('pl.localhost')}/`,
  `${site('pl.localhost')}/en/contact`,
  site('pluxee.localhost'),
  `${site('localhost')}/neexistuje`,
]) {
  test(`${url} has no WCAG 2.1 AA violations axe can find`, async ({ page }) => {
    await visit(page, url);
    const results = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
  });
}

test.describe('on a phone with the menu and panels open', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the open mobile menu and version panel pass axe', async ({ page }) => {
    await visit(page, site('pl.localhost'));
    await page.getByRole('button', { name: 'Otwórz menu' }).click();
    let results = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Informacje o wersji' }).click();
    await expect(page.getByTestId('backend-uptime')).toBeVisible();
    results = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });

  test('the skip link moves focus to the content', async ({ page }) => {
    await visit(page, site('localhost'));
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Přeskočit na obsah' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
  });
});

test.describe('reflow (WCAG 1.4.10): nothing scrolls sideways', () => {
  for (const width of [360, 768, 820, 1024, 1279, 1280, 1440]) {
    test(`at ${width} px on every site`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      for (const url of [site('localhost'), `${site('pl.localhost')}/en`, site('pl.localhost'), site('pluxee.localhost')]) {
        await visit(page, url);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, url).toBeLessThanOrEqual(0);
      }
    });
  }
});
