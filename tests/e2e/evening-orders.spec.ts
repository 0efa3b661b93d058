import { expect, test } from '@playwright/test';
import { EVENING_START } from '../../playwright.config';
import { fillCzechCustomer } from './support/forms';
import { addDays, preview } from './support/order-api';
import { site, visit } from './support/sites';

/** The evening server's day in Prague: its clock starts at 20:40 UTC, late that same evening there. */
const TODAY = EVENING_START!.slice(0, 10);

test.describe.configure({ mode: 'parallel' });

/*
 * Ordered late in the evening for a stay that starts today or tomorrow, the order's own deadline
 * is already behind or minutes away: it must still wait while the card page can be paid. The
 * visitor takes longer on the card page than a run of the expiry job (every minute), then pays.
 */
for (const [stay, days] of [
  ['starting today', 0],
  ['starting tomorrow', 1],
] as const) {
  test(`a stay ${stay}, ordered late in the evening and paid by card after a delay, is booked`, async ({ page }) => {
    test.setTimeout(180_000);
    const id = await preview('cz', { checkIn: addDays(TODAY, days), nights: 1, env: 'evening' });
    await visit(page, `${site('localhost', 'evening')}/objednavka/rezervace/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vaše rezervace');
    await fillCzechCustomer(page, `evening.${days}@example.cz`);
    await page.getByText('Platební karta', { exact: true }).first().click();
    await page.getByRole('button', { name: /Objednat a zaplatit/ }).click();

    await page.waitForURL(/\/sandbox\/gateways\/csob\/pay\//);
    // The visitor looks for the card: longer than a minute, so the expiry job runs meanwhile.
    await page.waitForTimeout(75_000);
    await page.getByRole('button', { name: 'Zaplatit' }).click();
    await page.waitForURL(/\/objednavka\/ubytovani\//, { timeout: 30_000 });
    await expect(page.getByTestId('order-status')).toHaveText(/Zaplaceno/);
    await expect(page.getByTestId('booking-status')).toContainText('Zarezervováno', { timeout: 60_000 });
  });
}
