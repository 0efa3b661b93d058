import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { fillCzechCustomer } from './support/forms';
import { preview } from './support/order-api';
import { site, visit } from './support/sites';
import { buyVoucher } from './support/vouchers';

// Off the happy path of paying, on a laptop screen: what went wrong and what to do next is in
// view on arrival, and every amount agrees with what is charged.
test.use({ viewport: { width: 1366, height: 900 } });

const ORDER_PAGE = /\/objednavka\/ubytovani\//;

async function payAtGateway(page: Page, gateway: 'csob' | 'pluxee', button: string) {
  await page.waitForURL(new RegExp(`/sandbox/gateways/${gateway}/pay/`));
  const amount = (await page.getByTestId('amount').textContent())!;
  await page.getByRole('button', { name: button, exact: true }).click();
  await page.waitForURL(ORDER_PAGE, { timeout: 30_000 });
  return amount;
}

async function openReservation(page: Page, email: string) {
  const id = await preview('cz');
  await visit(page, `${site('localhost')}/objednavka/rezervace/${id}`);
  await fillCzechCustomer(page, email);
}

/** An amount as the page or the gateway writes it ("5 877 Kč", "5 877,00 Kč", "4 135,18 Kč") in minor units. */
function minorOf(text: string): number {
  const [units = '', cents = ''] = text.replace(/[^\d,]/g, '').split(',');
  return Number(units) * 100 + Number(cents.padEnd(2, '0'));
}

const recalculated = (page: Page) => expect(page.getByRole('status').filter({ hasText: 'Přepočítáváme' })).toHaveCount(0);

test('a declined card payment says so at the top of the order page and is paid again from there', async ({ page }) => {
  test.setTimeout(120_000);
  await openReservation(page, 'hotel.declined@example.cz');
  await page.getByRole('button', { name: /Objednat a zaplatit/ }).click();
  await payAtGateway(page, 'csob', 'Zamítnout platbu');

  await expect(page.getByTestId('order-status')).toHaveText(/Platba se nezdařila/);
  const heading = page.getByRole('heading', { level: 2, name: 'Platba se nezdařila' });
  await expect(heading).toBeFocused();
  await expect(page.getByTestId('next-step')).toContainText(/Platba .* \(Platební karta\) neproběhla\./);
  await expect(page.getByText(/Čekáme na potvrzení platby/)).toHaveCount(0);
  const retry = page.getByRole('button', { name: 'Zaplatit znovu' });
  await expect(retry).toBeInViewport();
  await expect(page.getByTestId('payment-status-payment_card')).toHaveText(/Nezdařilo se|Zrušeno/);
  await expect(page.getByTestId('booking-status')).toContainText('Zatím nezarezervováno');
  await expectNoAxeViolations(page);
  // Nothing changes by itself, so nothing on the page pretends to be updating.
  await page.waitForTimeout(5_000);
  await expect(heading).toBeVisible();
  await expect(page.getByText(/Aktualizujeme/)).toHaveCount(0);

  await retry.click();
  await payAtGateway(page, 'csob', 'Zaplatit');
  await expect(page.getByTestId('booking-status')).toContainText('Zarezervováno', { timeout: 60_000 });
});

test('a split keeps the chosen Edenred Card first, validates only what was typed, and leads on to the second part at once', async ({ page }) => {
  test.setTimeout(150_000);
  await openReservation(page, 'hotel.split.cz@example.cz');
  await page.getByText('Edenred Card', { exact: true }).first().click();
  await page.getByLabel('Rozdělit cenu mezi dva způsoby platby').check();

  const first = page.getByRole('group', { name: 'První způsob' });
  const rest = page.getByRole('group', { name: 'Druhý způsob (doplatí zbytek)' });
  await expect(first.getByRole('radio', { name: /Edenred Card/ })).toBeChecked();
  // The second group comes after the first, and what it picks costs no fee.
  expect((await first.boundingBox())!.y).toBeLessThan((await rest.boundingBox())!.y);
  await expect(rest.getByRole('radio', { checked: true })).toHaveAccessibleName(/bez poplatku/);
  await recalculated(page);
  await expect(page.getByRole('alert').filter({ hasText: /\S/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Objednat a zaplatit/ })).toBeEnabled();

  await page.getByLabel(/Částka zaplacená prvním způsobem/).fill('2000');
  await recalculated(page);
  await expect(page.getByRole('alert').filter({ hasText: /\S/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: /Objednat a zaplatit/ }).click();
  expect(await payAtGateway(page, 'csob', 'Zaplatit')).toMatch(/^2\s000,00\sKč$/);

  // Back on the order page the second part is the first thing offered, in view and focused.
  const heading = page.getByRole('heading', { level: 2, name: /^Zbývá zaplatit / });
  await expect(heading).toBeFocused({ timeout: 30_000 });
  await expect(page.getByTestId('next-step')).toContainText(/Už zaplaceno: 2\s000\sKč\./);
  const payRest = page.getByRole('link', { name: /^Zaplatit .* – Platební karta$/ });
  await expect(payRest).toBeInViewport();
  await payRest.click();
  await payAtGateway(page, 'csob', 'Zaplatit');
  await expect(page.getByTestId('booking-status')).toContainText('Zarezervováno', { timeout: 60_000 });
});

test('with a gift voucher, the order button and the gateway name the amount the card is charged', async ({ page }) => {
  test.setTimeout(150_000);
  const code = await buyVoucher('cz', 1000);
  await openReservation(page, 'hotel.voucher.cz@example.cz');
  await page.getByLabel('Kód poukazu nebo slevy').fill(code);
  await page.getByRole('button', { name: 'Uplatnit' }).click();
  await expect(page.getByText(new RegExp(`Poukaz ${code}: `))).toBeVisible();
  await recalculated(page);

  const toPay = (await page.getByTestId('recap-to-pay').textContent())!;
  const total = (await page.getByTestId('recap-total').textContent())!;
  expect(minorOf(total) - minorOf(toPay)).toBe(100_000);
  const order = page.getByRole('button', { name: /Objednat a zaplatit/ });
  await expect(order).toHaveText(`Objednat a zaplatit ${toPay}`);
  await order.click();
  expect(minorOf(await payAtGateway(page, 'csob', 'Zaplatit'))).toBe(minorOf(toPay));
  await expect(page.getByTestId('booking-status')).toContainText('Zarezervováno', { timeout: 60_000 });
});

test('a voucher that covers the whole price asks for no payment method, and the order is placed and paid at once', async ({ page }) => {
  test.setTimeout(150_000);
  const code = await buyVoucher('cz', 20_000);
  await openReservation(page, 'hotel.voucher.all@example.cz');
  await expect(page.getByRole('group', { name: 'Jak chcete platit?' })).toBeVisible();
  await page.getByLabel('Kód poukazu nebo slevy').fill(code);
  await page.getByRole('button', { name: 'Uplatnit' }).click();
  await expect(page.getByText(new RegExp(`Poukaz ${code}: `))).toBeVisible();
  await recalculated(page);

  await expect(page.getByText('Dárkové poukazy pokrývají celou cenu, takže nic dalšího platit nemusíte.')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Jak chcete platit?' })).toHaveCount(0);
  await expect(page.getByTestId('recap-to-pay')).toHaveText('0 Kč');
  await expect(page.getByRole('button', { name: /zaplatit/ })).toHaveCount(0);
  const order = page.getByRole('button', { name: 'Objednat', exact: true });
  await expectNoAxeViolations(page);
  await order.click();
  // No gateway: straight to the order, paid by the voucher and booked.
  await page.waitForURL(ORDER_PAGE, { timeout: 30_000 });
  await expect(page.getByTestId('order-status')).toHaveText(/Zaplaceno/);
  await expect(page.getByTestId('booking-status')).toContainText('Zarezervováno', { timeout: 60_000 });
});

test('a voucher spent by another order since the preview stops the order and shows the new amounts before anything is charged', async ({ page, context }) => {
  test.setTimeout(150_000);
  const code = await buyVoucher('cz', 1000);
  const applyCode = async (on: Page) => {
    await on.getByLabel('Kód poukazu nebo slevy').fill(code);
    await on.getByRole('button', { name: 'Uplatnit' }).click();
    await expect(on.getByText(new RegExp(`Poukaz ${code}: použito`))).toBeVisible();
    await recalculated(on);
  };
  await openReservation(page, 'hotel.voucher.race@example.cz');
  await applyCode(page);
  const toPayBefore = (await page.getByTestId('recap-to-pay').textContent())!;

  // Another order takes the voucher's whole value first (it is held as soon as that order is placed).
  const other = await context.newPage();
  await openReservation(other, 'hotel.voucher.first@example.cz');
  await applyCode(other);
  await other.getByRole('button', { name: /Objednat a zaplatit/ }).click();
  await other.waitForURL(/\/sandbox\/gateways\/csob\/pay\//);
  await other.close();

  const order = page.getByRole('button', { name: /Objednat a zaplatit/ });
  await expect(order).toHaveText(`Objednat a zaplatit ${toPayBefore}`);
  await order.click();
  await expect(page.getByText('Zůstatek poukazu se mezitím změnil. Zkontrolujte prosím platbu znovu.')).toBeVisible();
  await expect(page).toHaveURL(/\/objednavka\/rezervace\//);
  // Priced again: the voucher pays nothing now, and the button names the whole price.
  await recalculated(page);
  await expect(page.getByTestId('recap-to-pay')).toHaveCount(0);
  const total = (await page.getByTestId('recap-total').textContent())!;
  await expect(order).toHaveText(`Objednat a zaplatit ${total}`);
  await expectNoAxeViolations(page);
  await order.click();
  expect(minorOf(await payAtGateway(page, 'csob', 'Zaplatit'))).toBe(minorOf(total));
});
