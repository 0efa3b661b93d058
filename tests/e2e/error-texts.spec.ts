import { expect, type Page, test } from '@playwright/test';
import csCommon from '../../messages/cs.json';
import csErrors from '../../messages/errors/cs.json';
import { expectNoAxeViolations } from './support/axe';
import { fillCzechCustomer } from './support/forms';
import { preview } from './support/order-api';
import { site, visit } from './support/sites';

// The reservation and order pages carry no error texts in their HTML (but the one an order page
// was rendered with): the browser fetches the catalogue once the page is idle
// (components/ui/error-texts.ts). A failure must still be said in words, also when the connection
// is gone by then, and honestly when the texts never came.
const CATALOGUE = Object.values(csErrors);
// A few texts say the same as a form's own message ("Kód poukazu má 8 číslic."), which the page does carry.
const ONLY_IN_CATALOGUE = CATALOGUE.filter((text) => !JSON.stringify(csCommon).includes(text));
const order = (page: Page) => page.getByRole('button', { name: /Objednat a zaplatit/ });
const alertText = (page: Page) => page.getByRole('alert').filter({ hasText: /\S/ });

async function openReservation(page: Page) {
  await visit(page, `${site('localhost')}/objednavka/rezervace/${await preview('cz')}`);
  await fillCzechCustomer(page, 'hotel.offline@example.cz');
}

test('the HTML of the reservation page holds none of the error texts', async ({ page }) => {
  const response = await page.request.get(`${site('localhost')}/objednavka/rezervace/${await preview('cz')}`);
  const html = await response.text();
  expect(ONLY_IN_CATALOGUE.length).toBeGreaterThan(70);
  expect(ONLY_IN_CATALOGUE.filter((text) => html.includes(JSON.stringify(text).slice(1, -1)))).toEqual([]);
});

test('the order page carries only the text of the error it was rendered with, and shows it without scripts', async ({ browser }) => {
  const link = `${site('localhost')}/objednavka?url=${encodeURIComponent('https://www.example.com/hotel/cz/anything.html')}`;
  const html = await (await browser.newContext()).request.get(link).then((response) => response.text());
  expect(ONLY_IN_CATALOGUE.filter((text) => html.includes(JSON.stringify(text).slice(1, -1)))).toEqual([csErrors.not_from_booking]);
  // A browser that runs no script reads the same words.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(link);
  await expect(page.getByRole('alert')).toContainText(csErrors.not_from_booking);
  await context.close();
});

test('offline after the page has loaded, a failed order still says what went wrong in words', async ({ page, context }) => {
  test.setTimeout(90_000);
  const fetched = page.waitForResponse(async (response) => response.url().includes('/_next/') && (await response.text()).includes(csErrors.unavailable));
  await openReservation(page);
  await fetched;
  await context.setOffline(true);
  await order(page).click();
  const alert = alertText(page);
  await expect(alert).toBeVisible();
  const text = (await alert.textContent())!;
  expect(CATALOGUE.some((message) => text.startsWith(message)), text).toBe(true);
  await context.setOffline(false);
  await expectNoAxeViolations(page);
});

test('when the error texts cannot be fetched at all, a failure says so plainly instead of showing a code', async ({ page, context }) => {
  test.setTimeout(90_000);
  await page.route('**/_next/static/**', async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (body.includes(csErrors.unavailable)) return route.abort('internetdisconnected');
    return route.fulfill({ response, body });
  });
  await openReservation(page);
  await context.setOffline(true);
  await order(page).click();
  await expect(alertText(page)).toHaveText(csCommon.common.errorUnknown);
  await context.setOffline(false);
});
