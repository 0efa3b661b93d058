import { execFileSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { expect, type Locator, type Page } from '@playwright/test';
import { PORTS } from '../../../playwright.config';

/** The console of the test server (the Czech host). */
export const CONSOLE = `http://localhost:${PORTS.test}`;

/** The servers whose console the tests sign in to: the evening one only for the clock tests (operator-attention-later.spec.ts). */
export type ConsoleServer = 'test' | 'evening';

export const consoleOf = (server: ConsoleServer) => `http://localhost:${PORTS[server]}`;

/**
 * `npm run operator -- add …` on a server's database; answers the enrolment link it printed. A
 * server whose clock is not the wall clock (CLOCK_START, moved) gets the command on its time
 * (`clock`), or the link would have expired before it was made.
 */
export function addOperator(email: string, role: 'support' | 'finance', server: ConsoleServer = 'test', clock?: string): string {
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/dzb_e2e_${server}`;
  const out = execFileSync('node', ['--import', 'tsx', '--import', './server/node-hooks.mjs', 'scripts/operator.mts', 'add', email, role], {
    env: { ...process.env, APP_ENV: 'test', DATABASE_URL: url.toString(), PORT: String(PORTS[server]), ...(clock ? { CLOCK_START: clock } : {}) },
    encoding: 'utf8',
  });
  const link = /http:\/\/localhost:\d+\/console\/enrol\?token=[\w-]+/.exec(out)?.[0];
  if (!link) throw new Error(`the command printed no link: ${out}`);
  return link;
}

/** Chromium's virtual authenticator: a platform passkey store that verifies the user at once. */
export async function withPasskeys(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
}

/** A new operator of the role, added by the command, who creates a passkey and lands on the console. */
export async function signedIn(page: Page, role: 'support' | 'finance', server: ConsoleServer = 'test', clock?: string): Promise<string> {
  const email = `${role}.${Date.now()}.${randomInt(1000)}@example.cz`;
  const link = addOperator(email, role, server, clock);
  await withPasskeys(page);
  await page.goto(link);
  await page.getByRole('button', { name: 'Create a passkey' }).click();
  await expect(page).toHaveURL(`${consoleOf(server)}/console`);
  return email;
}

/** Reloads the console's start until `row` shows (the worker and the statement import run every few seconds). */
export async function awaitRow(page: Page, row: Locator, timeout = 90_000, origin = CONSOLE) {
  await expect(async () => {
    await page.goto(`${origin}/console`);
    await expect(row).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout });
}

/** Opens an order's page through the search, as an operator does. */
export async function openOrder(page: Page, number: string, origin = CONSOLE) {
  await page.goto(`${origin}/console`);
  await page.getByLabel(/^Order number, e-mail/).fill(number);
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order ${number}`);
}

/** Reloads an order's page until `what` shows in it (a job finishing). */
export async function awaitOnOrder(page: Page, number: string, what: Locator, timeout = 90_000, origin = CONSOLE) {
  await expect(async () => {
    await page.goto(`${origin}/console/orders?number=${number}`);
    await expect(what).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout });
}

/** Pays at the sandbox card gateway's page, as the customer does, and comes back to the site. */
export async function payAtGateway(page: Page, url: string) {
  await page.goto(url);
  await page.getByRole('button', { name: /^(Zaplatit|Zapłać|Pay)$/ }).click();
  await page.waitForURL((address) => !address.pathname.startsWith('/sandbox/'));
}
