import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { WCAG_21_AA } from './support/axe';
import { site, visit } from './support/sites';


/**
 * Hotel page links as a visitor copies them; in sandbox mode the Booking.com simulator answers
 * them with its seeded hotels (sandbox/booking/catalogue.ts).
 */
const PRAGUE = 'https://www.booking.com/hotel/cz/vltava-riverside-prague.cs.html?aid=304142&label=gen173nr';
const KRAKOW = 'https://www.booking.com/hotel/pl/wawel-residence-krakow.pl.html';

/** A calendar date `days` from today, as a date input takes it. */
function inDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

const SITES = [
  {
    name: 'Czech',
    link: PRAGUE,
    base: site('localhost'),
    path: '/objednavka',
    reservation: /\/objednavka\/rezervace\/[0-9a-f-]{36}$/,
    text: {
      link: 'Odkaz na hotel z Booking.com',
      readLink: 'Ověřit dostupnost',
      checkIn: 'Příjezd',
      checkOut: 'Odjezd',
      adults: 'Dospělí',
      children: 'Děti',
      childAge: 'Věk 1. dítěte',
      showRooms: 'Zobrazit pokoje',
      nights: '2 noci',
      continue: 'Pokračovat',
      reservationHeading: 'Vaše rezervace',
      otherMethod: 'Up karta',
      serviceFee: 'Servisní poplatek',
      recalculating: 'Přepočítáváme',
      notFromBooking: 'Tohle není odkaz z Booking.com. Zkopírujte adresu stránky hotelu na Booking.com.',
      lessAdults: 'Každý pokoj potřebuje alespoň jednoho dospělého. Vyberte méně pokojů nebo více dospělých.',
    },
  },
  {
    name: 'Polish',
    link: KRAKOW,
    base: site('pl.localhost'),
    path: '/zamowienie',
    reservation: /\/zamowienie\/rezerwacja\/[0-9a-f-]{36}$/,
    text: {
      link: 'Link do hotelu z Booking.com',
      readLink: 'Sprawdź dostępność',
      checkIn: 'Zameldowanie',
      checkOut: 'Wymeldowanie',
      adults: 'Dorośli',
      children: 'Dzieci',
      childAge: 'Wiek dziecka nr 1',
      showRooms: 'Pokaż pokoje',
      nights: '2 noce',
      continue: 'Dalej',
      reservationHeading: 'Twoja rezerwacja',
      otherMethod: 'MyBenefit (Benefit Systems)',
      serviceFee: 'Opłata serwisowa',
      recalculating: 'Przeliczamy',
      notFromBooking: 'To nie jest link z Booking.com. Skopiuj adres strony hotelu na Booking.com.',
      lessAdults: 'Każdy pokój potrzebuje co najmniej jednej osoby dorosłej. Wybierz mniej pokoi lub więcej dorosłych.',
    },
  },
] as const;

type Texts = (typeof SITES)[number]['text'];

async function pasteLink(page: Page, base: string, path: string, text: Texts, link: string) {
  await visit(page, `${base}${path}`);
  await page.getByLabel(text.link).fill(link);
  await page.getByRole('button', { name: text.readLink }).click();
  await page.waitForURL(/\?url=/);
}

async function chooseStay(page: Page, text: Texts, { adults, childAge }: { adults: string; childAge?: string }) {
  await page.getByLabel(text.checkIn).fill(inDays(30));
  await page.getByLabel(text.checkOut).fill(inDays(32));
  await page.getByLabel(text.adults).selectOption(adults);
  await page.getByLabel(text.children).selectOption(childAge ? '1' : '0');
  if (childAge) await page.getByLabel(text.childAge).selectOption(childAge);
  await page.getByRole('button', { name: text.showRooms }).click();
  await expect(page.getByTestId('stay-recap')).toContainText(text.nights, { timeout: 20_000 });
}

/** The quantity picker of the first rate that can be ordered and has at least `units` left. */
function firstRate(page: Page, units: number) {
  return page
    .getByTestId('room-product')
    .filter({ has: page.locator(`select option[value="${units}"]`) })
    .first()
    .locator('select');
}

for (const { name, link, base, path, reservation, text } of SITES) {
  test.describe(`the order page on the ${name} site`, () => {
    test('a pasted hotel link leads through dates, guests and two rooms to a recap that follows the payment method', async ({ page }) => {
      test.setTimeout(90_000);
      await pasteLink(page, base, path, text, link);
      await chooseStay(page, text, { adults: '2', childAge: '5' });
      await expect(page.getByTestId('hotel-card').getByRole('heading', { level: 2 })).not.toBeEmpty();
      await firstRate(page, 2).selectOption('2');
      await expect(page.getByTestId('room-choice')).toContainText('2');
      // The availability id and the choice are in the address: a reload keeps the stay and the rooms.
      await expect(page).toHaveURL(/[?&]availability=.*[?&]choice=/);
      await page.reload();
      await expect(page.getByTestId('stay-recap')).toContainText(text.nights);
      await expect(page.getByTestId('room-choice')).toContainText('2');
      await page.getByRole('button', { name: text.continue }).click();
      await page.waitForURL(reservation, { timeout: 30_000 });

      // The recap prices the two rooms for the method chosen, and again when it changes.
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.reservationHeading);
      const recap = page.getByTestId('recap-total').locator('xpath=ancestor::section[1]');
      // The method the page starts with has no fee, and a fee of nothing is no row.
      await expect(recap.getByText(text.serviceFee)).toHaveCount(0);
      const before = await page.getByTestId('recap-total').textContent();
      await page.getByText(text.otherMethod, { exact: true }).first().click();
      await expect(page.getByRole('status').filter({ hasText: text.recalculating })).toHaveCount(0);
      await expect(page.getByTestId('recap-total')).not.toHaveText(before!);
      await expect(recap.getByText(text.otherMethod, { exact: true })).toBeVisible();
      // Its fee is named by what it is computed on: the part of the price that method pays.
      await expect(recap.getByText(`${text.serviceFee} ${text.otherMethod}:`)).toBeVisible();
    });

    test('a link without dates shows the hotel at once, and one whose dates passed asks for new ones', async ({ page }) => {
      test.setTimeout(60_000);
      await pasteLink(page, base, path, text, link);
      const hotelName = page.getByTestId('hotel-card').getByRole('heading', { level: 2 });
      await expect(hotelName).not.toBeEmpty();
      await expect(page.getByTestId('dates-passed')).toHaveCount(0);

      const old = new URL(link);
      old.searchParams.set('checkin', inDays(-10));
      old.searchParams.set('checkout', inDays(-8));
      old.searchParams.set('group_adults', '3');
      await visit(page, `${base}${path}?url=${encodeURIComponent(old.toString())}`);
      await expect(page.getByRole('alert').filter({ hasText: /\S/ })).toHaveCount(0);
      await expect(page.getByTestId('dates-passed')).toBeVisible();
      await expect(hotelName).not.toBeEmpty();
      await expect(page.getByLabel(text.checkIn)).toHaveValue('');
      await expect(page.getByLabel(text.adults)).toHaveValue('3');
      const results = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
      expect(results.violations.map((v) => v.id)).toEqual([]);
      await chooseStay(page, text, { adults: '2' });
      await expect(page.getByTestId('dates-passed')).toHaveCount(0);
    });

    test('more rooms than adults is refused with the occupancy message', async ({ page }) => {
      await pasteLink(page, base, path, text, link);
      await chooseStay(page, text, { adults: '1' });
      await firstRate(page, 2).selectOption('2');
      await page.getByRole('button', { name: text.continue }).click();
      await expect(page.getByText(text.lessAdults)).toBeVisible();
      await expect(page.getByText(text.lessAdults).locator('..')).toBeFocused();
    });

    test('a link from elsewhere is refused next to the prefilled field', async ({ page }) => {
      await pasteLink(page, base, path, text, 'https://booking.com.evil.example/hotel/cz/x.html');
      await expect(page.getByText(text.notFromBooking)).toBeVisible();
      await expect(page.getByLabel(text.link)).toHaveValue('https://booking.com.evil.example/hotel/cz/x.html');
    });
  });
}

test('a sold-out weekend from the link is shown with its message on the Polish site', async ({ page }) => {
  // Willa Giewont is always sold out on Friday and Saturday nights.
  const friday = Array.from({ length: 7 }, (_, i) => 30 + i).find((days) => new Date(Date.now() + days * 86_400_000).getUTCDay() === 5)!;
  const link = `https://www.booking.com/hotel/pl/willa-giewont-zakopane.pl.html?checkin=${inDays(friday)}&checkout=${inDays(friday + 2)}&group_adults=2&no_rooms=1`;
  await visit(page, `${site('pl.localhost')}/zamowienie?url=${encodeURIComponent(link)}`);
  await expect(page.getByText('Hotel nie ma wolnych pokoi w tym terminie. Wybierz inny termin lub inny hotel.')).toBeVisible();
  await expect(page.getByLabel('Zameldowanie')).toHaveValue(inDays(friday));
});

test('the order page with a hotel and its rooms has no WCAG 2.1 AA violations axe can find', async ({ page }) => {
  const { link, base, path, text } = SITES[0];
  await pasteLink(page, base, path, text, link);
  await chooseStay(page, text, { adults: '2', childAge: '5' });
  const results = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the order page does not scroll sideways and passes axe with an error shown', async ({ page }) => {
    const { base, path, text } = SITES[1];
    await pasteLink(page, base, path, text, 'http://www.booking.com/hotel/pl/x.html');
    // Next's route announcer is an (empty) alert too: the link error is the one with text.
    await expect(page.getByRole('alert').filter({ hasText: /\S/ })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const results = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });
});
