import { execFileSync } from 'node:child_process';
import { expect, type Page, test } from '@playwright/test';
import { PORTS } from '../../playwright.config';
import { expectNoAxeViolations } from './support/axe';
import { call } from './support/order-api';
import { raw } from './support/sites';

const CONSOLE = `http://localhost:${PORTS.test}`;

/** `npm run operator -- add …` on the test server's database; answers the enrolment link it printed. */
function addOperator(email: string, role: 'support' | 'finance'): string {
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = '/dzb_e2e_test';
  const out = execFileSync('node', ['--import', 'tsx', '--import', './server/node-hooks.mjs', 'scripts/operator.mts', 'add', email, role], {
    env: { ...process.env, APP_ENV: 'test', DATABASE_URL: url.toString(), PORT: String(PORTS.test) },
    encoding: 'utf8',
  });
  const link = /http:\/\/localhost:\d+\/console\/enrol\?token=[\w-]+/.exec(out)?.[0];
  if (!link) throw new Error(`the command printed no link: ${out}`);
  return link;
}

/** Chromium's virtual authenticator: a platform passkey store that verifies the user at once. */
async function withPasskeys(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
}

test.use({ locale: 'en-GB' });

test('an operator added by the command creates a passkey, finds an order by its number, signs out and in again', async ({ page }) => {
  // The command opens the server's database beside the running server, which only PostgreSQL
  // allows (PGlite serves one process): CI runs the end-to-end suite on PostgreSQL.
  test.skip(!process.env.DATABASE_URL, 'needs DATABASE_URL: the operator command shares the test server’s database');
  const { order } = await call<{ order: { orderNumber: string } }>('cz', 'VoucherOrderCreate', {
    voucherValue: { currencyCode: 'CZK', units: '1500', nanos: 0 },
    paymentRequest: { lastPayment: { methodId: { id: 'transfer' } } },
    order: {
      firstName: 'Karel',
      lastName: 'Dvořák',
      email: 'karel.dvorak@example.cz',
      mobile: '+420 603 111 222',
      contactAddress: { streetAddress: 'Masarykova 3', city: 'Brno', country: 'CZ', postalCode: '602 00' },
      agreeCp: true,
      agreeTac: true,
      agreeMp: false,
    },
  });
  const link = addOperator(`support.${Date.now()}@example.cz`, 'support');
  await withPasskeys(page);

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Create your passkey' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Create a passkey' }).click();
  await expect(page).toHaveURL(`${CONSOLE}/console`);
  await expect(page.getByText(/^Signed in as support\.\d+@example\.cz \(support\)$/)).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByLabel('Order number').fill('12345');
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByRole('alert')).toHaveText('No order matches “12345”.');
  await expect(page.getByLabel('Order number')).toBeFocused();
  await expectNoAxeViolations(page);
  await page.getByLabel('Order number').fill(order.orderNumber);
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order ${order.orderNumber}`);
  await expect(page.getByText('Karel Dvořák <karel.dvorak@example.cz>')).toBeVisible();
  await expect(page.getByRole('row', { name: /^transfer WAITING / })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Payment by transfer created: WAITING' })).toBeVisible();
  await expectNoAxeViolations(page);

  // The order-received e-mail, sent again after a second click that asks why.
  await page.getByRole('link', { name: /^Send again: the e-mail/ }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Send an e-mail again');
  await page.getByRole('button', { name: 'Confirm: send again' }).click();
  await expect(page.getByRole('alert')).toHaveText('Write why (at most 500 characters).');
  await expect(page.getByLabel('Why')).toBeFocused();
  await expectNoAxeViolations(page);
  await page.getByLabel('Why').fill('The customer found nothing in their inbox.');
  await page.getByRole('button', { name: 'Confirm: send again' }).click();
  await expect(page.getByRole('status')).toHaveText('The e-mail is on its way again.');
  await expect(page.getByRole('cell', { name: /: mail-resent \(“The customer found nothing in their inbox\.”\)$/ })).toBeVisible();

  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Contact messages' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact messages');
  await expectNoAxeViolations(page);
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('row', { name: /mail-resent .*The customer found nothing in their inbox\.$/ }).first()).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('status')).toHaveText('You have signed out.');
  await expectNoAxeViolations(page);
  await page.goto(`${CONSOLE}/console/orders?number=${order.orderNumber}`);
  await expect(page).toHaveURL(`${CONSOLE}/console/sign-in`);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`${CONSOLE}/console`);

  // The spent link opens no second passkey.
  await page.goto(link);
  await expect(page.getByRole('alert')).toHaveText(/This enrolment link has expired or has already been used/);
});

test('the console is not indexed, not linked from the sites, and answers nowhere but its own host', async () => {
  const signIn = await raw('/console/sign-in', { host: `localhost:${PORTS.test}` });
  expect([signIn.status, signIn.headers['x-robots-tag']]).toEqual([200, 'noindex, nofollow']);
  expect((await raw('/console/sign-in', { host: `pl.localhost:${PORTS.test}` })).status).toBe(404);
  expect((await raw('/', { host: `localhost:${PORTS.test}`, headers: { 'accept-language': 'cs' } })).body).not.toContain('/console');
});
