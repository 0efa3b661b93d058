import { expect, type Page, test } from '@playwright/test';
import { EVENING_START } from '../../playwright.config';
import { fillCzechCustomer } from './support/forms';
import { preview } from './support/order-api';
import { raw, site, visit } from './support/sites';

/*
 * Orders made late in the evening for a stay that starts today or tomorrow: the order's own
 * deadline (the start of the check-in day) is already behind, or passes while the visitor is on
 * the card page. The order must still wait while the card page can be paid, through runs of the
 * expiry job (every minute), and the stay is booked once paid. The evening server's clock starts
 * at 23:58 in Prague (playwright.config.ts); these tests run before all others.
 */
const START = Date.parse(EVENING_START!);
const MIDNIGHT = START + 2 * 60_000;
/** Long enough on the card page for the expiry job (every minute) to run in between. */
const ON_THE_CARD_PAGE_MS = 75_000;

test.describe.configure({ mode: 'parallel' });

/** The evening server's time: its clock started at START when the process did (its uptime). */
async function serverNow(): Promise<number> {
  const res = await raw('/api/dzb.v1.ApiService/Version', {
    host: 'localhost',
    env: 'evening',
    method: 'POST',
    headers: { 'content-type': 'application/json', 'connect-protocol-version': '1' },
    body: '{}',
  });
  return START + Number.parseInt((JSON.parse(res.body) as { uptime: string }).uptime, 10) * 1000;
}

/** Prague's calendar date at an instant. */
const pragueDate = (at: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Prague' }).format(at);

async function until(moment: number) {
  for (let now = await serverNow(); now < moment; now = await serverNow()) await new Promise((resolve) => setTimeout(resolve, Math.min(5_000, moment - now)));
}

async function orderAndPayLater(page: Page, checkIn: string, email: string, payAfter: number) {
  const id = await preview('cz', { checkIn, nights: 1, env: 'evening' });
  await visit(page, `${site('localhost', 'evening')}/objednavka/rezervace/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vaše rezervace');
  await fillCzechCustomer(page, email);
  await page.getByText('Platební karta', { exact: true }).first().click();
  await page.getByRole('button', { name: /Objednat a zaplatit/ }).click();
  await page.waitForURL(/\/sandbox\/gateways\/csob\/pay\//);
  const arrived = Date.now();
  await until(payAfter);
  await page.waitForTimeout(Math.max(0, ON_THE_CARD_PAGE_MS - (Date.now() - arrived)));
  await page.getByRole('button', { name: 'Zaplatit' }).click();
  await page.waitForURL(/\/objednavka\/ubytovani\//, { timeout: 30_000 });
  await expect(page.getByTestId('order-status')).toHaveText(/Zaplaceno/);
  await expect(page.getByTestId('booking-status')).toContainText('Zarezervováno', { timeout: 60_000 });
}

test('a stay starting tomorrow, ordered two minutes before midnight and paid by card after it, is booked', async ({ page }) => {
  test.setTimeout(300_000);
  const now = await serverNow();
  expect(now, 'the order is made before midnight on the evening server').toBeLessThan(MIDNIGHT - 30_000);
  const tomorrow = pragueDate(MIDNIGHT + 60_000);
  // Paid only once midnight (the order's deadline) and a run of the expiry job have passed.
  await orderAndPayLater(page, tomorrow, 'evening.tomorrow@example.cz', MIDNIGHT + 65_000);
});

test('a stay starting today, ordered just after midnight and paid by card after a delay, is booked', async ({ page }) => {
  test.setTimeout(300_000);
  await until(MIDNIGHT + 5_000);
  const today = pragueDate(await serverNow());
  await orderAndPayLater(page, today, 'evening.today@example.cz', 0);
});
