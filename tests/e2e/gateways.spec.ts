import { expect, type Page, test } from '@playwright/test';
import { PORTS } from '../../playwright.config';

const SANDBOX = `http://localhost:${PORTS.test}/sandbox/gateways`;

const GATEWAYS = [
  { type: 'csob', title: 'Card payment', czechTitle: 'Platba kartou' },
  { type: 'pluxee', title: 'Pay with points from your Pluxee account', czechTitle: 'Platba body z účtu Pluxee' },
  { type: 'edenred', title: 'Pay with points from your Edenred account', czechTitle: 'Platba body z účtu Edenred' },
] as const;

/** Starts a demo payment on the simulator's "try it" page and waits for the payment page. */
async function startDemo(page: Page, type: string, language: 'English' | 'Čeština', amount: string) {
  await page.goto(`${SANDBOX}/${type}`);
  await page.getByLabel('Amount').fill(amount);
  await page.getByLabel('Currency').selectOption('CZK');
  await page.getByLabel('Language of the payment page').selectOption({ label: language });
  await page.getByRole('button', { name: 'Start a demo payment' }).click();
  await page.waitForURL(new RegExp(`/sandbox/gateways/${type}/pay/`));
}

for (const gateway of GATEWAYS) {
  test(`${gateway.type}: a demo payment is paid on the payment page`, async ({ page }) => {
    await startDemo(page, gateway.type, 'English', '1234.50');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(gateway.title);
    await expect(page.getByRole('banner')).toContainText('Payment gateway SIMULATOR');
    await expect(page.getByTestId('amount')).toHaveText(/1,234\.50/);
    await expect(page.getByTestId('order-number')).toHaveText(/^\d{1,10}$/);
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL(`${SANDBOX}/${gateway.type}**`);
    await expect(page.getByTestId('demo-return')).toContainText('signature verified');
    await expect(page.getByTestId('demo-status')).toHaveText('paid');
  });

  test(`${gateway.type}: a demo payment is declined on the payment page in Czech`, async ({ page }) => {
    await startDemo(page, gateway.type, 'Čeština', '990');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(gateway.czechTitle);
    await expect(page.locator('html')).toHaveAttribute('lang', 'cs');
    await expect(page.getByTestId('amount')).toHaveText(/990,00\sKč/);
    await page.getByRole('button', { name: 'Zamítnout platbu' }).click();
    await page.waitForURL(`${SANDBOX}/${gateway.type}**`);
    await expect(page.getByTestId('demo-status')).toHaveText('rejected');
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the ČSOB return form still reaches the shop through its button', async ({ page }) => {
    await startDemo(page, 'csob', 'English', '100');
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Taking you back to the shop…');
    await page.getByRole('button', { name: 'Continue to the shop' }).click();
    await expect(page.getByTestId('demo-status')).toHaveText('paid');
  });
});

test('the payment page offers its other languages and keyboard-reachable buttons', async ({ page }) => {
  await startDemo(page, 'pluxee', 'Čeština', '250');
  await page.getByRole('navigation', { name: 'Jazyk stránky' }).getByRole('link', { name: 'Polski' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
  await expect(page.getByRole('button', { name: 'Zapłać' })).toBeVisible();
  const box = await page.getByRole('button', { name: 'Zapłać' }).boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
  await page.getByRole('button', { name: 'Anuluj i wróć do sklepu' }).focus();
  await page.keyboard.press('Enter');
  await page.waitForURL(`${SANDBOX}/pluxee**`);
  await expect(page.getByTestId('demo-status')).toHaveText('cancelled');
});
