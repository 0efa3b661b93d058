import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { awaitOnOrder, consoleOf, openOrder, payAtGateway, signedIn } from './support/console';
import { call, customer, preview } from './support/order-api';

/**
 * The two kinds of Needs attention that only appear once 30 minutes have passed on the server's
 * clock: a booking sent to Booking.com whose outcome is still unknown, and money still to go back.
 * Each is made from outside (the Booking.com simulator's outage; a part of a card payment ČSOB
 * will not refund before it has settled), then the evening server's clock is moved on 31 minutes
 * (sandbox/clock.ts) and an operator of the owning role works the item. Only these tests may use
 * the evening server once its own tests have run (playwright.config.ts): the moved clock and the
 * outage hold for the whole server. The operator command shares its database: PostgreSQL only.
 */
test.use({ locale: 'en-GB' });
test.skip(!process.env.DATABASE_URL, 'needs DATABASE_URL: the operator command shares the evening server’s database');

const EVENING = consoleOf('evening');
const CARD = { lastPayment: { methodId: { id: 'payment_card' } } };

interface CreatedOrder {
  orderNumber: string;
  payments: { gateway?: { url: string } }[];
}

async function sandbox(path: string, body?: object): Promise<{ now?: string }> {
  const res = await fetch(`${EVENING}/sandbox/api/${path}`, body ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {});
  expect(res.status, `${path} answered`).toBe(200);
  return (await res.json()) as { now?: string };
}

/** The evening server's time now: the operator command runs on it, or its link would be long expired there. */
const serverClock = async () => (await sandbox('clock')).now!;
const outage = (on: boolean) => sandbox('booking/outage', { on });

async function auditRow(page: Page, pattern: RegExp) {
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('row', { name: pattern }).first()).toBeVisible();
}

test('a stay sent to Booking.com during its outage: 30 minutes on support sees it, tries the booking again once it is over, and the stay is booked', async ({ page }) => {
  test.setTimeout(120_000);
  await signedIn(page, 'support', 'evening', await serverClock());
  const { order } = await call<{ order: CreatedOrder }>(
    'cz',
    'HotelOrderCreate',
    { previewId: { id: await preview('cz', { env: 'evening' }) }, paymentRequest: CARD, order: customer(`unknown.${Date.now()}@example.cz`) },
    'evening',
  );
  await outage(true);
  try {
    await payAtGateway(page, order.payments[0]!.gateway!.url);
    // The booking job sent the create, got 503 with Retry-After: 3600, and comes back in an hour.
    await awaitOnOrder(page, order.orderNumber, page.getByRole('cell', { name: 'Job hotels.book: completed' }).first(), 60_000, EVENING);
    await expect(page.getByRole('cell', { name: 'Booking sent to Booking.com' })).toBeVisible();
    await expect(page.locator('dt:text-is("Booking") + dd')).toHaveText(/^PENDING/);
    const row = page.getByRole('row').filter({ hasText: order.orderNumber }).filter({ hasText: 'The booking went to Booking.com over 30 minutes ago and its outcome is still unknown' });
    await page.goto(`${EVENING}/console`);
    await expect(row).toHaveCount(0);

    await sandbox('clock/advance', { minutes: 31 });
    await page.reload();
    await expect(row).toBeVisible();
    await expectNoAxeViolations(page);
    await row.getByRole('link', { name: order.orderNumber, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order ${order.orderNumber}`);
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Try the booking again' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Try the booking again');
    await expectNoAxeViolations(page);
  } finally {
    await outage(false);
  }
  await page.getByLabel('Why').fill('Booking.com says its outage is over.');
  await page.getByRole('button', { name: 'Confirm: try again' }).click();
  await expect(page.getByRole('status')).toHaveText('The booking is being tried again: the timeline shows the outcome.');
  // The job looks our label up first (nothing was booked), then books.
  await awaitOnOrder(page, order.orderNumber, page.getByRole('cell', { name: /^Booked at Booking\.com, reservation \d+$/ }), 60_000, EVENING);
  await expect(page.locator('dt:text-is("Booking") + dd')).toHaveText(/^ACTIVE, reservation \d+$/);
  await expect(page.getByRole('cell', { name: /: booking-retried \(“Booking\.com says its outage is over\.”\)$/ })).toBeVisible();
  await page.goto(`${EVENING}/console`);
  await expect(page.getByRole('row').filter({ hasText: order.orderNumber })).toHaveCount(0);
  await auditRow(page, new RegExp(`booking-retried ${order.orderNumber} Booking\\.com says its outage is over\\.$`));
});

test('a part of a card payment ČSOB will not refund before settlement: 30 minutes on finance sees it still to go back and deals with it', async ({ page }) => {
  test.setTimeout(120_000);
  // Signed in first: the sandbox ČSOB settles a payment a minute after it is paid, and the part must be asked for before.
  await signedIn(page, 'finance', 'evening', await serverClock());
  const { order } = await call<{ order: CreatedOrder }>(
    'cz',
    'VoucherOrderCreate',
    { voucherValue: { currencyCode: 'CZK', units: '1500', nanos: 0 }, paymentRequest: CARD, order: customer(`waiting.${Date.now()}@example.cz`) },
    'evening',
  );
  await payAtGateway(page, order.payments[0]!.gateway!.url);
  const refund = page.getByRole('link', { name: /^Refund: payment by payment_card/ });
  await awaitOnOrder(page, order.orderNumber, refund, 30_000, EVENING);
  await refund.click();
  await page.getByLabel('Amount to return (CZK)').fill('100');
  await page.getByLabel('Why').fill('Goodwill: the voucher e-mail came a day late.');
  await page.getByRole('button', { name: 'Confirm: refund' }).click();
  await expect(page.getByRole('status')).toHaveText('Refund requested: the timeline shows when the money is back.');
  // ČSOB refused the part of an unsettled payment: the refund waits, its job comes back in an hour.
  await awaitOnOrder(page, order.orderNumber, page.getByRole('cell', { name: 'Job payments.refund: completed' }), 30_000, EVENING);
  await expect(page.getByRole('row', { name: /^payment_card PAID / })).not.toContainText('returned');
  const row = page.getByRole('row').filter({ hasText: order.orderNumber }).filter({ hasText: /CZK\s100(\.00)? is still to go back/ });
  await page.goto(`${EVENING}/console`);
  await expect(row).toHaveCount(0);

  await sandbox('clock/advance', { minutes: 31 });
  await page.reload();
  await row.getByRole('link', { name: /^Mark as dealt with/ }).click();
  await page.getByLabel('What you did').fill('ČSOB settles the payment tonight; the refund goes then.');
  await page.getByRole('button', { name: 'Confirm: mark as dealt with' }).click();
  await expect(page.getByRole('status')).toHaveText(/marked as dealt with\.$/);
  await expect(row).toHaveCount(0);
  await openOrder(page, order.orderNumber, EVENING);
  await expect(page.getByRole('cell', { name: /: attention-resolved \(“ČSOB settles the payment tonight; the refund goes then\.”\)$/ })).toBeVisible();
  await auditRow(page, new RegExp(`attention-resolved ${order.orderNumber} ČSOB settles the payment tonight; the refund goes then\\.$`));
});
