import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { PORTS } from '../../playwright.config';
import { bankTransfer, fillCzechCustomer, outbox } from './support/forms';
import { preview } from './support/order-api';
import { site, visit } from './support/sites';

const SANDBOX = `http://127.0.0.1:${PORTS.test}`;
/** Pays the order's waiting gateway payment on the simulator page and waits for the order page. */
async function payAtGateway(page: Page, gateway: 'csob', pay: string, orderPath: RegExp) {
  await page.waitForURL(new RegExp(`/sandbox/gateways/${gateway}/pay/`));
  await page.getByRole('button', { name: pay, exact: true }).click();
  await page.waitForURL(orderPath, { timeout: 30_000 });
}

/** Minor units of an amount as the page shows it ("5 973 Kč", "5 973,50 Kč"). */
function minorOf(shown: string): number {
  return Math.round(Number(shown.replace(/[^\d,]/g, '').replace(',', '.')) * 100);
}

/** The three amounts of a paid / fee / voucher list, in that order. */
async function expectParts(parts: Locator, paid: string, fee: RegExp, voucher: string) {
  const amounts = parts.locator('dd');
  await expect(parts.locator('dt')).toHaveText(['Zaplaceno celkem', 'Storno poplatek', 'Dárkový poukaz']);
  await expect(amounts.nth(0)).toHaveText(paid);
  await expect(amounts.nth(1)).toHaveText(fee);
  await expect(amounts.nth(2)).toHaveText(voucher);
}

test('Czech site: cancelling a booked stay shows what was paid, the fee and the voucher, before and after', async ({ page }) => {
  test.setTimeout(150_000);
  const email = 'storno.hodnota@example.cz';
  const id = await preview('cz');
  await visit(page, `${site('localhost')}/objednavka/rezervace/${id}`);
  await fillCzechCustomer(page, email);
  await page.getByText('Platební karta', { exact: true }).first().click();
  await expect(page.getByRole('status').filter({ hasText: 'Přepočítáváme' })).toHaveCount(0);
  const total = (await page.getByTestId('recap-total').textContent())!;
  await page.getByRole('button', { name: /Objednat a zaplatit/ }).click();
  await payAtGateway(page, 'csob', 'Zaplatit', /\/objednavka\/ubytovani\//);
  await expect(page.getByTestId('booking-status')).toContainText('Zarezervováno', { timeout: 60_000 });

  // Before the free-cancellation deadline: everything paid comes back, nothing is kept.
  await expect(page.getByRole('heading', { name: 'Zrušení rezervace' })).toBeVisible();
  await expectParts(page.getByTestId('cancel-parts'), total, /^0\s*Kč$/, total);
  await expect(page.getByTestId('cancel-terms')).toHaveText(/^Zrušení teď stojí 0\s*Kč\. Dostanete dárkový poukaz v hodnotě .+ na další pobyt\.$/);
  await page.getByRole('button', { name: 'Zrušit rezervaci…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Opravdu zrušit rezervaci?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Zrušení rezervace nelze vrátit zpět.');
  await expectParts(dialog.getByTestId('cancel-dialog-parts'), total, /^0\s*Kč$/, total);
  await expect(dialog.getByRole('button', { name: 'Ne, ponechat' })).toBeFocused();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Ano, zrušit rezervaci' }).click();

  await expect(page.getByRole('heading', { name: 'Rezervace je zrušena' })).toBeFocused({ timeout: 30_000 });
  await expectParts(page.getByTestId('cancel-result-parts'), total, /^0\s*Kč$/, total);
  await expect(page.getByTestId('compensation-voucher')).toHaveText(/^Váš kompenzační poukaz \d{8} má hodnotu .+\. Poslali jsme vám ho i e-mailem\.$/);
  expect(minorOf((await page.getByTestId('compensation-voucher').textContent())!.replace(/^.*hodnotu /, ''))).toBe(minorOf(total));
  await expect(page.getByTestId('order-status')).toHaveText(/Zrušeno vámi/);
  await expectNoAxeViolations(page);
  // After a reload the page still tells the parts, read from the order.
  await page.reload();
  await expectParts(page.getByTestId('cancel-result-parts'), total, /^0\s*Kč$/, total);
  // The e-mail lists the same parts with the voucher.
  await expect
    .poll(async () => (await outbox(SANDBOX)).find((m) => m.to === email && /je zrušená/.test(m.subject))?.text ?? '', { timeout: 30_000 })
    .toMatch(/Zaplaceno celkem\s+.+\n.*Storno poplatek\s+0\s*Kč\n.*Hodnota poukazu\s+/);
});

test('Czech site: an order still waiting for its transfer is cancelled without a fee, and the transfer sent anyway goes back', async ({ page }) => {
  test.setTimeout(150_000);
  const email = 'storno.nezaplaceno@example.cz';
  const id = await preview('cz');
  await visit(page, `${site('localhost')}/objednavka/rezervace/${id}`);
  await fillCzechCustomer(page, email);
  await page.getByText('Bankovní převod', { exact: true }).first().click();
  await expect(page.getByRole('status').filter({ hasText: 'Přepočítáváme' })).toHaveCount(0);
  await page.getByRole('button', { name: /Objednat a zaplatit/ }).click();
  await page.waitForURL(/\/objednavka\/ubytovani\//);
  await expect(page.getByTestId('order-status')).toHaveText(/Čeká na platbu/);
  const variableSymbol = (await page.getByTestId('transfer-vs').textContent())!.trim();
  const amount = minorOf((await page.getByTestId('transfer-amount').textContent())!);

  // Nothing is booked yet: the section says so, and there is nothing to give back.
  const section = page.getByRole('region', { name: 'Zrušení objednávky' });
  await expect(section).toContainText('proto jsme v hotelu zatím nic nerezervovali a zrušit ji můžete bez storno poplatku');
  await expect(page.getByTestId('cancel-parts')).toHaveCount(0);
  await expect(page.getByTestId('cancel-terms')).toHaveText('Zatím jste nic nezaplatili, takže vás zrušení nic nestojí a žádný poukaz nevzniká.');
  await page.getByRole('button', { name: 'Zrušit objednávku…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Opravdu zrušit objednávku?' });
  await expect(dialog).toContainText('Zrušení objednávky nelze vrátit zpět.');
  await expect(dialog.getByRole('button', { name: 'Ne, ponechat' })).toBeFocused();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Ano, zrušit objednávku' }).click();

  await expect(page.getByRole('heading', { name: 'Objednávka je zrušena' })).toBeFocused({ timeout: 30_000 });
  await expect(page.getByText('Objednávka nebyla celá zaplacená, takže jsme v hotelu nic nerezervovali a storno poplatek se neúčtoval.')).toBeVisible();
  await expect(page.getByTestId('no-compensation')).toHaveText('Na objednávku jste nic nezaplatili, proto poukaz nevznikl.');
  await expect(page.getByTestId('order-status')).toHaveText(/Zrušeno vámi/);
  await expect(page.getByRole('button', { name: 'Zrušit objednávku…' })).toHaveCount(0);
  await expect(page.getByTestId('booking-status')).toContainText('Nic nebylo zarezervováno');
  await expectNoAxeViolations(page);
  await expect
    .poll(async () => (await outbox(SANDBOX)).find((m) => m.to === email && /je zrušená/.test(m.subject))?.text ?? '', { timeout: 30_000 })
    .toContain('takže jsme v hotelu nic nerezervovali');

  // The transfer the customer had already sent arrives after the cancellation: it goes back, and they are told.
  await bankTransfer(SANDBOX, variableSymbol, { currency: 'CZK', minor: amount });
  await expect.poll(async () => (await outbox(SANDBOX)).some((m) => m.to === email && /Vracíme vám platbu/.test(m.subject)), { timeout: 60_000 }).toBe(true);
  await page.reload();
  await expect(page.getByTestId('order-status')).toHaveText(/Zrušeno vámi/);
  await expect(page.getByTestId('no-compensation')).toBeVisible();
});
