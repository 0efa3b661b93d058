import { expect, test } from '@playwright/test';
import { PORTS } from '../../playwright.config';
import { expectNoAxeViolations } from './support/axe';
import { outbox } from './support/forms';
import { VARIANTS } from './support/order-api';
import { site, visit } from './support/sites';
import { fromVisitor } from './support/visitors';
import { buyVoucher } from './support/vouchers';

const SANDBOX = `http://127.0.0.1:${PORTS.test}`;
/** Addresses of this spec's own (no other spec uses the 127.77 block): a guesser and two visitors. */
const GUESSER = '127.77.0.1';

/** VoucherDetail by code, as a visitor at `address` asks it. */
async function lookUp(address: string, code: string) {
  const answer = await fromVisitor(PORTS.test, address, '/api/dzb.v1.ApiService/VoucherDetail', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'connect-protocol-version': '1' },
    body: JSON.stringify({ productVariant: VARIANTS.cz.productVariant, voucherCode: code }),
  });
  return { status: answer.status, voucher: answer.status === 200 ? (JSON.parse(answer.body) as { voucher: { voucherId: { id: string } } }).voucher : undefined };
}

test('the owner of a held voucher releases it on its page by keyboard, and then sees it as usual', async ({ page }) => {
  test.setTimeout(90_000);
  const code = await buyVoucher('cz', 1500);
  const id = (await lookUp('127.77.0.2', code)).voucher!.voucherId.id;

  // A guesser's three wrong codes, then the real one: the voucher is held and answers as unknown.
  for (const wrong of ['98765401', '98765402', '98765403']) expect((await lookUp(GUESSER, wrong)).status).toBe(404);
  expect((await lookUp(GUESSER, code)).status).toBe(404);
  // The owner is e-mailed the voucher's own page, by id.
  await expect
    .poll(async () => (await outbox(SANDBOX)).some((mail) => mail.subject.includes('Zadávali jste kód svého poukazu vy?') && mail.text.includes(`/overeni-poukazu/${id}`)), { timeout: 30_000 })
    .toBe(true);

  await visit(page, `${site('localhost')}/overeni-poukazu/${id}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Poukaz je pozastavený' })).toBeVisible();
  await expect(page.getByText('Pozastavený', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  // Tab reaches the button; Enter presses it.
  const release = page.getByRole('button', { name: 'Uvolnit poukaz' });
  for (let i = 0; i < 40 && !(await release.evaluate((button) => button === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(release).toBeFocused();
  await page.keyboard.press('Enter');

  const done = page.getByTestId('voucher-released');
  await expect(done).toHaveText('Poukaz je uvolněný. Jeho kód opět funguje pro placení i pro ověření zůstatku.');
  await expect(done).toBeFocused();
  await expect(page.locator('[aria-live="polite"]').filter({ has: done })).toHaveCount(1);
  await expect(page.getByRole('heading', { name: 'Poukaz je pozastavený' })).toHaveCount(0);
  await expect(page.getByText('Platný', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  // Shown as usual from now on, and the code answers again (a visitor without misses).
  await visit(page, `${site('localhost')}/overeni-poukazu/${id}`);
  await expect(page.getByText('Platný', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Uvolnit poukaz' })).toHaveCount(0);
  expect((await lookUp('127.77.0.3', code)).status).toBe(200);
});
