import { expect, test } from '@playwright/test';
import { FAKE_SENTRY } from '../../playwright.config';
import { site, visit } from './support/sites';

interface Envelope {
  url: string;
  body: string;
}

async function envelopesMentioning(text: string): Promise<Envelope[]> {
  const res = await fetch(`${FAKE_SENTRY}/envelopes`);
  return ((await res.json()) as Envelope[]).filter((e) => e.body.includes(text));
}

test('with SENTRY_DSN a browser error reaches monitoring, tagged with the session id', async ({ page }) => {
  const probe = `e2e probe ${crypto.randomUUID()}`;
  await visit(page, site('localhost'));
  const session = await page.evaluate(() => sessionStorage.getItem('dzb.monitoring-session'));
  expect(session).toMatch(/^[0-9a-f]{32}$/);
  await page.evaluate((message) => {
    setTimeout(() => {
      throw new Error(message);
    });
  }, probe);

  await expect.poll(() => envelopesMentioning(probe).then((e) => e.length)).toBeGreaterThan(0);
  const [envelope] = await envelopesMentioning(probe);
  expect(envelope?.url).toContain('sentry_key=e2ekey');
  expect(envelope?.body).toContain(`"monitoring_session":"${session}"`);
  expect(envelope?.body).toContain('"environment":"test"');
});

test('without SENTRY_DSN nothing is sent', async ({ page }) => {
  const probe = `e2e silent probe ${crypto.randomUUID()}`;
  await visit(page, site('localhost', 'prod'));
  await page.evaluate((message) => {
    setTimeout(() => {
      throw new Error(message);
    });
  }, probe);
  await page.waitForTimeout(2_000);
  expect(await envelopesMentioning(probe)).toEqual([]);
});
