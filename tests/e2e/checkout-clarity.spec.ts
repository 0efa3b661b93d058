import { randomInt } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { fillPolishCustomer } from './support/forms';
import { addDays, call, customer, inDays, preview } from './support/order-api';
import { hydrated, raw, site, visit } from './support/sites';

/**
 * The checkout's clarity points of issue #33 walked in Chromium on the Czech and the Polish site,
 * at a laptop's and a phone's size: where the focus goes after each step, the sign of a wait,
 * the support id under an error, consents across a change of language, one time format, language
 * links that open as they are, partner and voucher pages that agree with their site, the gift
 * form, and the header. Axe checks every state reached.
 */

const VIEWPORTS = [
  { name: 'laptop', viewport: { width: 1366, height: 900 } },
  { name: 'phone', viewport: { width: 375, height: 812 } },
] as const;

const SITES = [
  {
    name: 'Czech',
    base: site('localhost'),
    order: '/objednavka',
    contact: '/kontakt',
    hotel: 'https://www.booking.com/hotel/cz/vltava-riverside-prague.cs.html',
    text: {
      link: 'Odkaz na hotel z Booking.com',
      readLink: 'Ověřit dostupnost',
      linkBusy: 'Čteme odkaz a ověřujeme dostupnost…',
      rooms: 'Pokoje a ceny',
      stay: 'Termín a počet osob',
      fullName: 'Jméno a příjmení',
      subject: 'Předmět',
      message: 'Zpráva',
      send: 'Odeslat',
      thanks: 'Děkujeme, formulář byl úspěšně odeslán!',
      support: /^Pro podporu: [0-9a-f-]{8,}$/,
      notFromBooking: 'Tohle není odkaz z Booking.com.',
    },
  },
  {
    name: 'Polish',
    base: site('pl.localhost'),
    order: '/zamowienie',
    contact: '/kontakt',
    hotel: 'https://www.booking.com/hotel/pl/wawel-residence-krakow.pl.html',
    text: {
      link: 'Link do hotelu z Booking.com',
      readLink: 'Sprawdź dostępność',
      linkBusy: 'Odczytujemy link i sprawdzamy dostępność…',
      rooms: 'Pokoje i ceny',
      stay: 'Termin i liczba osób',
      fullName: 'Imię i nazwisko',
      subject: 'Temat',
      message: 'Wiadomość',
      send: 'Wyślij',
      thanks: 'Dziękujemy, formularz został wysłany!',
      support: /^Dla obsługi klienta: [0-9a-f-]{8,}$/,
      notFromBooking: 'To nie jest link z Booking.com.',
    },
  },
] as const;

/** A hotel link with dates a month or two ahead (random, so no cached answer serves it). */
function linkWithDates(hotel: string): string {
  const checkIn = inDays(30 + randomInt(200));
  return `${hotel}?checkin=${checkIn}&checkout=${addDays(checkIn, 2)}&group_adults=2&no_rooms=1`;
}

/** Whether the element lies within the viewport and below the sticky header. */
async function inView(page: Page, selector: string) {
  return page.evaluate((css) => {
    const box = document.querySelector(css)!.getBoundingClientRect();
    const header = document.querySelector('header')!.getBoundingClientRect();
    return box.top >= header.bottom - 1 && box.bottom <= window.innerHeight + 1;
  }, selector);
}

for (const { name: size, viewport } of VIEWPORTS) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    for (const { name, base, order, contact, hotel, text } of SITES) {
      test(`${name} site: the contact form's thank-you takes the focus in view (${size})`, async ({ page }) => {
        await visit(page, `${base}${contact}`);
        await page.getByLabel(text.fullName).fill('Jana Testerová');
        await page.getByLabel('E-mail').fill(`focus.${Date.now()}@example.cz`);
        await page.getByLabel(text.subject).fill('Test');
        await page.getByLabel(text.message).fill('Zkouška, zda poděkování dostane fokus.');
        await page.getByRole('button', { name: text.send }).click();
        await expect(page.getByRole('status').filter({ hasText: text.thanks })).toBeVisible();
        await expect(page.getByTestId('contact-outcome')).toBeFocused();
        expect(await inView(page, '[data-testid="contact-outcome"]'), 'the thank-you is scrolled into view').toBe(true);
        await expectNoAxeViolations(page);
      });

      test(`${name} site: the link's rooms take the focus, with a sign of the wait meanwhile (${size})`, async ({ page }) => {
        test.setTimeout(60_000);
        await visit(page, `${base}${order}`);
        const form = page.locator('form').filter({ has: page.getByLabel(text.link) });
        const before = await form.boundingBox();
        await page.getByLabel(text.link).fill(linkWithDates(hotel));
        await page.getByRole('button', { name: text.readLink }).click();
        await page.waitForURL(/\?url=/);
        await expect(page.getByRole('heading', { name: text.rooms })).toBeFocused({ timeout: 20_000 });
        expect(await inView(page, '#rooms-title'), 'the rooms heading is in view below the header').toBe(true);
        // The wait's line was there all along: the link form kept its height.
        expect((await form.boundingBox())!.height).toBeCloseTo(before!.height, 0);
        await expectNoAxeViolations(page);
      });

      test(`${name} site: a refused link's error takes the focus and keeps the support id out of its sentence (${size})`, async ({ page }) => {
        await visit(page, `${base}${order}`);
        await page.getByLabel(text.link).fill('https://booking.com.evil.example/hotel/cz/x.html');
        await page.getByRole('button', { name: text.readLink }).click();
        await page.waitForURL(/\?url=/);
        const alert = page.getByRole('alert').filter({ hasText: text.notFromBooking });
        await expect(alert).toBeVisible();
        await expect(page.locator(':focus')).toContainText(text.notFromBooking);
        // The sentence ends as a sentence; the id is a small line of its own under it.
        await expect(alert.locator('p').first()).not.toContainText('(');
        await expect(alert.getByTestId('support-reference')).toHaveText(text.support);
        await expectNoAxeViolations(page);
      });

      test(`${name} site: a link without dates focuses the dates to choose (${size})`, async ({ page }) => {
        await visit(page, `${base}${order}?url=${encodeURIComponent(hotel)}`);
        await expect(page.getByRole('heading', { name: text.stay })).toBeFocused();
        await expectNoAxeViolations(page);
      });
    }

    test(`the steps are shown and the way on is in view without scrolling, with its total (${size})`, async ({ page }) => {
      test.setTimeout(60_000);
      const inViewport = (locator: import('@playwright/test').Locator) =>
        locator.evaluate((element) => {
          const box = element.getBoundingClientRect();
          return box.top >= 0 && box.bottom <= window.innerHeight;
        });
      await visit(page, `${site('pl.localhost')}/zamowienie?url=${encodeURIComponent(linkWithDates(SITES[1].hotel))}`);
      const steps = page.getByRole('list', { name: 'Etapy zamówienia' });
      await expect(steps.locator('[aria-current="step"]')).toContainText('Hotel i pokoje');
      await expect(page.getByRole('heading', { name: 'Pokoje i ceny' })).toBeFocused({ timeout: 20_000 });
      await page.getByTestId('room-product').locator('select').first().selectOption('1');
      const onward = page.getByRole('button', { name: 'Dalej' });
      expect(await inViewport(onward), 'Continue is on screen by the rooms').toBe(true);
      await expect(page.getByTestId('room-choice')).toContainText(/zł/);
      await expectNoAxeViolations(page);
      await onward.click();
      await page.waitForURL(/\/zamowienie\/rezerwacja\//, { timeout: 30_000 });
      await expect(steps.locator('[aria-current="step"]')).toContainText('Dane i płatność');
      const order = page.getByRole('button', { name: /Zamów i zapłać .*zł/ });
      expect(await inViewport(order), 'the order button, with its amount, is on screen at once').toBe(true);
      await expectNoAxeViolations(page);
    });

    test(`a slow hotel answer shows a spinner at once, announced, without moving the page (${size})`, async ({ page }) => {
      test.setTimeout(60_000);
      // Hotel Donaublick answers availability after 3 seconds (sandbox/booking/catalogue.ts).
      await visit(page, `${site('pl.localhost')}/zamowienie`);
      const hint = page.locator('#hotel-link-hint');
      const hintBefore = (await hint.boundingBox())!;
      await page.getByLabel('Link do hotelu z Booking.com').fill(linkWithDates('https://www.booking.com/hotel/at/donaublick-wien.html'));
      const clicked = Date.now();
      await page.getByRole('button', { name: 'Sprawdź dostępność' }).click();
      // The old page says so at once (it is replaced only when the server has asked Booking.com),
      // the new one while its hotel streams in; either way, a status with the wait's text.
      const status = page.getByRole('status').filter({ hasText: /Odczytujemy link i sprawdzamy dostępność…/ });
      await expect(status.first()).toBeVisible({ timeout: 2_000 });
      const shownAfter = Date.now() - clicked;
      if (page.url().endsWith('/zamowienie')) {
        // Still the old page: the spinner took a line that was kept for it, so nothing moved.
        expect((await hint.boundingBox())!.y).toBeCloseTo(hintBefore.y, 0);
        await expectNoAxeViolations(page);
      }
      expect(shownAfter, 'the wait is shown well before the 3 s answer').toBeLessThan(1_500);
      await expect(page.getByRole('heading', { name: 'Pokoje i ceny' })).toBeFocused({ timeout: 20_000 });
      await expect(status).toHaveCount(0);
    });

    test(`switching Polish → English keeps the order form and its consents (${size})`, async ({ page }) => {
      test.setTimeout(60_000);
      const id = await preview('pl');
      await visit(page, `${site('pl.localhost')}/zamowienie/rezerwacja/${id}`);
      await fillPolishCustomer(page, 'consents.kept@example.pl');
      await page.getByText('MyBenefit (Benefit Systems)', { exact: true }).first().click();
      await expect(page.getByRole('status').filter({ hasText: 'Przeliczamy' })).toHaveCount(0);
      const before = page.url();
      await page.getByRole('button', { name: /Język/ }).click();
      await page.getByRole('link', { name: 'English' }).click();
      await page.waitForURL((url) => url.href !== before);
      await hydrated(page);
      await expect(page).toHaveURL(new RegExp(`/en/order/reservation/${id}$`));
      await expect(page.getByLabel('First name').first()).toHaveValue('Anna');
      await expect(page.getByLabel('Postcode')).toHaveValue('00-001');
      await expect(page.getByRole('checkbox', { name: /terms of service/ })).toBeChecked();
      await expect(page.getByRole('checkbox', { name: /agree to the cancellation/ })).toBeChecked();
      // The payment method chosen is kept too, and priced again in the new language.
      await expect(page.getByRole('radio', { name: /MyBenefit/ }).first()).toBeChecked();
      await expect(page.getByRole('status').filter({ hasText: 'Recalculating' })).toHaveCount(0);
      await expectNoAxeViolations(page);
    });

    test(`the language menu names final addresses that open as they are, in another tab too (${size})`, async ({ page, context }) => {
      await visit(page, `${site('pl.localhost')}/en/how-it-works`);
      await page.getByRole('button', { name: /Language/ }).click();
      const english = page.getByRole('link', { name: 'English' });
      const polish = page.getByRole('link', { name: 'Polski' });
      await expect(english).toHaveAttribute('href', '/en/how-it-works');
      await expect(polish).toHaveAttribute('href', '/jak-to-dziala');
      await expectNoAxeViolations(page);

      // "Open in a new tab" on each: the address is the page itself, no redirect on the way.
      const tab = await context.newPage();
      const englishAnswer = await tab.goto(`${site('pl.localhost')}/en/how-it-works`);
      expect(englishAnswer!.request().redirectedFrom()).toBeNull();
      await expect(tab.locator('html')).toHaveAttribute('lang', 'en');
      await polish.click({ button: 'right' });
      const polishAnswer = await tab.goto(`${site('pl.localhost')}/jak-to-dziala`);
      expect(polishAnswer!.request().redirectedFrom()).toBeNull();
      await expect(tab.locator('html')).toHaveAttribute('lang', 'pl');
      await expect(tab.getByRole('heading', { level: 1 })).toHaveText('Jak to działa');
      await tab.close();
    });

    test(`a stay paid and booked: the success heading takes the focus, the time reads on the 24-hour clock in English (${size})`, async ({ page }) => {
      test.setTimeout(120_000);
      const { order } = await call<{ order: { orderId: { id: string }; payments: { gateway?: { url: string } }[] } }>('pl', 'HotelOrderCreate', {
        previewId: { id: await preview('pl') },
        paymentRequest: { lastPayment: { methodId: { id: 'payment_card' } } },
        order: customer(`booked.focus.${Date.now()}@example.pl`),
      });
      await page.goto(order.payments[0]!.gateway!.url);
      await page.getByRole('button', { name: /^(Zaplatit|Zapłać|Pay)$/ }).click();
      await page.waitForURL(/\/zamowienie\/nocleg\//, { timeout: 30_000 });
      const booked = page.getByRole('heading', { name: 'Twój pokój jest zarezerwowany' });
      await expect(booked).toBeVisible({ timeout: 60_000 });
      await expect(booked).toBeFocused();
      await expect(page.getByTestId('booking-status')).toHaveAttribute('aria-live', 'polite');
      await expectNoAxeViolations(page);

      await visit(page, `${site('pl.localhost')}/en/order/accommodation/${order.orderId.id}`);
      const ordered = page.getByText(/^Ordered on /);
      await expect(ordered).toHaveText(/ at \d{1,2}:\d{2}\./);
      await expect(ordered).not.toHaveText(/\b(AM|PM)\b/);
      await expect(page.locator('main')).not.toContainText(/\d (AM|PM)\b/);
      await expectNoAxeViolations(page);
    });
  });
}

test.describe('partner and voucher pages agree with their site', () => {
  test('Pluxee: the Edenred page says it is not accepted and explains no Edenred payment', async ({ page }) => {
    await visit(page, `${site('pluxee.localhost')}/partner/edenred`);
    await expect(page.getByText('Služba Pluxee Dovolená v tuto chvíli nepřijímá benefity Edenred.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Benefity Edenred');
    await expect(page.getByRole('heading', { name: /Jak platba Edenred probíhá/ })).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('list').last().getByRole('link')).toHaveText(['Pluxee', 'Up']);
    await expectNoAxeViolations(page);
  });

  test('on the production server a refused provider\'s page is kept out of search results, an accepted one is not', async () => {
    const refused = await raw('/partner/edenred', { host: 'pl.localhost:3101', env: 'prod' });
    expect(refused.status).toBe(200);
    expect(refused.body).toMatch(/<meta name="robots" content="noindex/);
    const accepted = await raw('/partner/benefit-systems', { host: 'pl.localhost:3101', env: 'prod' });
    expect(accepted.status).toBe(200);
    expect(accepted.body).not.toContain('noindex');
  });

  test('Czech and Pluxee sites do not offer Benefit Systems among the other providers', async ({ page }) => {
    await visit(page, `${site('localhost')}/partner/up`);
    await expect(page.getByRole('region', { name: 'Další poskytovatelé benefitů' }).getByRole('link')).toHaveText(['Edenred', 'Pluxee']);
    await visit(page, `${site('pluxee.localhost')}/partner/pluxee`);
    await expect(page.getByRole('region', { name: 'Další poskytovatelé benefitů' }).getByRole('link')).toHaveText(['Up']);
    await expectNoAxeViolations(page);
  });

  test('the Polish /voucher page sells nothing and says so without a sales pitch', async ({ page }) => {
    await visit(page, `${site('pl.localhost')}/voucher`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vouchery podarunkowe');
    await expect(page.getByText('Vouchery podarunkowe nie są obecnie sprzedawane w tym serwisie.')).toBeVisible();
    await expect(page.getByText('opłacisz świadczeniami i podarujesz')).toHaveCount(0);
    await expect(page).toHaveTitle(/Vouchery podarunkowe/);
    await expect(page.getByRole('link', { name: 'Sprawdź voucher' }).first()).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test('the gift form asks only for the recipient’s name, as the recipient is never contacted', async ({ page }) => {
  await visit(page, `${site('localhost')}/voucher`);
  await page.getByLabel('Jde o dárek').check();
  const recipient = page.getByRole('group', { name: 'Obdarovaný' });
  await expect(recipient.getByRole('textbox')).toHaveCount(2);
  await expect(recipient.getByLabel('E-mail')).toHaveCount(0);
  await expect(recipient.getByLabel('Telefon')).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test.describe('the header at 768 px', () => {
  test.use({ viewport: { width: 768, height: 1024 } });
  for (const host of ['localhost', 'pl.localhost', 'pluxee.localhost'] as const) {
    test(`${host}: the menu's links share one line`, async ({ page }) => {
      await visit(page, site(host));
      const tops = await page.getByRole('navigation', { name: /^(Hlavní menu|Menu główne)$/ }).getByRole('link').evaluateAll((links) => links.map((link) => Math.round(link.getBoundingClientRect().top)));
      expect(new Set(tops).size, `link tops ${tops.join(', ')}`).toBe(1);
    });
  }
});

test.describe('the Polish rooms page on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });
  test('the sticky header covers no field that takes the focus, and targets are large enough', async ({ page }) => {
    test.setTimeout(60_000);
    await visit(page, `${site('pl.localhost')}/zamowienie?url=${encodeURIComponent(linkWithDates(SITES[1].hotel))}`);
    await expect(page.getByRole('heading', { name: 'Pokoje i ceny' })).toBeFocused({ timeout: 20_000 });
    const checkIn = page.getByLabel('Zameldowanie');
    await checkIn.focus();
    const header = (await page.locator('header').first().boundingBox())!;
    const field = (await checkIn.boundingBox())!;
    expect(field.y, 'the check-in field starts below the sticky header').toBeGreaterThanOrEqual(header.y + header.height);
    await expectNoAxeViolations(page);
    const sizes = await new AxeBuilder({ page }).withRules(['target-size']).analyze();
    expect(sizes.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
  });
});
