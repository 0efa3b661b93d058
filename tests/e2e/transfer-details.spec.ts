import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { PORTS } from '../../playwright.config';
import { bankTransfer, fillPolishCustomer, outbox } from './support/forms';
import { preview } from './support/order-api';
import { site, visit } from './support/sites';

const SANDBOX = `http://127.0.0.1:${PORTS.test}`;
const DAY_MS = 86_400_000;

function decodeQr(dataUrl: string): string | undefined {
  const png = PNG.sync.read(Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64'));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}

/**
 * How the Polish page writes a deadline: the last minute before the instant, in Warsaw (= Prague)
 * time, "25.11.2026, 10:59". Each minute of a window is written out, so the test needs no clock
 * shared with the server.
 */
function polishDeadlines(from: number, to: number): string[] {
  const format = new Intl.DateTimeFormat('pl', { day: 'numeric', month: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', hourCycle: 'h23', timeZone: 'Europe/Warsaw' });
  const out: string[] = [];
  for (let minute = Math.floor(from / 60_000) - 1; minute <= Math.floor(to / 60_000); minute++) out.push(`${format.format(new Date(minute * 60_000))} (czasu polskiego)`);
  return out;
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('Polish site: the transfer details name the recipient, the deadline and the transfer title, the QR code carries them, and no IBAN group splits', async ({ page }) => {
    test.setTimeout(120_000);
    const id = await preview('pl');
    await visit(page, `${site('pl.localhost')}/zamowienie/rezerwacja/${id}`);
    await fillPolishCustomer(page, 'przelew.dane@example.pl');
    await page.getByText('Przelew bankowy', { exact: true }).first().click();
    await expect(page.getByRole('status').filter({ hasText: 'Przeliczamy' })).toHaveCount(0);
    const total = (await page.getByTestId('recap-total').textContent())!;
    const orderedFrom = Date.now();
    await page.getByRole('button', { name: /Zamów i zapłać/ }).click();
    await page.waitForURL(/\/zamowienie\/nocleg\//);
    const orderedTo = Date.now();

    const details = page.getByRole('region', { name: 'Dane do przelewu' });
    await expect(details).toBeVisible();
    await expect(details.getByTestId('transfer-amount')).toHaveText(total);
    await expect(details.getByTestId('transfer-recipient')).toHaveText('Dovolená za benefity s.r.o.');
    // Polish transfers have a title, not the Czech variable symbol.
    await expect(details.getByText('Tytuł przelewu', { exact: true })).toBeVisible();
    await expect(details.getByText('Symbol płatności')).toHaveCount(0);
    await expect(details.getByTestId('transfer-vs')).toHaveCount(0);
    const title = (await details.getByTestId('transfer-title').textContent())!;
    expect(title).toMatch(/^Płatność \d{10}$/);
    // Due three days after the order (the stay is a month or more away), shown as its last minute.
    await expect(details.getByText('Termin płatności', { exact: true })).toBeVisible();
    const due = (await details.getByTestId('transfer-due').textContent())!;
    expect(polishDeadlines(orderedFrom + 3 * DAY_MS, orderedTo + 3 * DAY_MS)).toContain(due);

    // The QR code holds the account, the amount, the recipient and the very same title.
    const account = (await details.getByTestId('transfer-account').textContent())!;
    const [nip, country, nrb, amount, name, qrTitle] = decodeQr((await details.getByTestId('transfer-qr').getAttribute('src'))!)!.split('|');
    const minor = Math.round(Number(total.replace(/[^\d,]/g, '').replace(',', '.')) * 100);
    // The recipient is a company: the code names its NIP (BANK_NIP_PL; the sandbox's test NIP).
    expect([nip, country, nrb, name, qrTitle]).toEqual(['5260250274', 'PL', account.replaceAll(' ', ''), 'Dovolena za benefity', title]);
    expect(amount).toBe(minor <= 999_999 ? String(minor).padStart(6, '0') : '000000');
    await expect(details.getByTestId('qr-without-amount')).toHaveCount(minor <= 999_999 ? 0 : 1);

    // At 375 px the IBAN and the account wrap between digit groups only: each group is one box on one line.
    for (const testId of ['transfer-iban', 'transfer-account']) {
      const groups = details.getByTestId(testId).locator('[data-group]');
      await expect(groups).toHaveCount(7);
      const lines = await groups.evaluateAll((spans) => spans.map((span) => span.getClientRects().length));
      expect(lines, testId).toEqual([1, 1, 1, 1, 1, 1, 1]);
      for (const group of await groups.all()) {
        const box = (await group.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(375);
      }
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoAxeViolations(page);

    // The copy button hands a bank's form the IBAN without the reading spaces.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site('pl.localhost') });
    await details.getByRole('button', { name: 'Kopiuj: IBAN' }).click();
    await expect(details.getByRole('status').filter({ hasText: 'Skopiowano: IBAN' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`PL${account.replaceAll(' ', '')}`);

    // The e-mail says the same things in the same words.
    const mailOf = async () => (await outbox(SANDBOX)).find((m) => m.to === 'przelew.dane@example.pl' && m.attachments.some((a) => a.fileName === 'kod-qr-przelewu.png'));
    await expect.poll(async () => (await mailOf())?.text, { timeout: 30_000 }).toContain(`Tytuł przelewu\t${title}`);
    const mail = (await mailOf())!.text;
    expect(mail).toContain('Odbiorca\tDovolená za benefity s.r.o.');
    expect(mail).toContain(`Termin płatności\t${due}`);
    expect(mail).not.toContain('Symbol płatności');

    // A Polish bank sends only the title; it pairs the money with the order.
    await bankTransfer(SANDBOX, { title }, { currency: 'PLN', minor });
    await expect(page.getByTestId('order-status')).toHaveText(/Opłacono/, { timeout: 30_000 });
  });
});
