import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { WCAG_21_AA } from './support/axe';
import { layoutShift, site, visit } from './support/sites';


/** A calendar date `days` from today, as a link's checkin takes it. */
function inDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

const SITES = [
  {
    base: site('localhost'),
    path: '/objednavka',
    link: 'https://www.booking.com/hotel/cz/vltava-riverside-prague.cs.html',
    text: { guide: 'Jak zkopírovat odkaz na hotel', desktop: /^Okno prohlížeče/, phone: /^Telefon/, gallery: /^Fotografie: /, photo: /fotografie (\d) z (\d)$/, show: 'Zobrazit fotografii 2 z', room: /^Fotografie pokoje: / },
  },
  {
    base: site('pl.localhost'),
    path: '/zamowienie',
    link: 'https://www.booking.com/hotel/pl/wawel-residence-krakow.pl.html',
    text: { guide: 'Jak skopiować link do hotelu', desktop: /^Okno przeglądarki/, phone: /^Telefon/, gallery: /^Zdjęcia: /, photo: /zdjęcie (\d) z (\d)$/, show: 'Pokaż zdjęcie 2 z', room: /^Zdjęcie pokoju: / },
  },
] as const;

for (const { base, path, link, text } of SITES) {
  test(`${base}${path}: the link guide is illustrated, and a hotel shows its photos and each room's`, async ({ page }) => {
    await visit(page, `${base}${path}`);
    const guide = page.getByRole('region', { name: text.guide });
    await expect(guide.getByRole('img', { name: text.desktop })).toBeVisible();
    await expect(guide.getByRole('img', { name: text.phone })).toBeVisible();
    await expect(guide.getByRole('listitem')).toHaveCount(6);

    const stay = `checkin=${inDays(30)}&checkout=${inDays(32)}&group_adults=2&no_rooms=1`;
    await visit(page, `${base}${path}?url=${encodeURIComponent(`${link}?${stay}`)}`);
    const gallery = page.getByRole('figure', { name: text.gallery });
    const main = gallery.getByRole('img', { name: text.photo });
    await expect(main).toHaveAttribute('alt', text.photo);
    const [, first, count] = text.photo.exec((await main.getAttribute('alt'))!)!;
    expect(first).toBe('1');
    expect(Number(count)).toBeGreaterThan(1);

    // Another photo, chosen with the keyboard only.
    const second = gallery.getByRole('button', { name: `${text.show} ${count}` });
    await second.focus();
    await page.keyboard.press('Enter');
    await expect(second).toHaveAttribute('aria-pressed', 'true');
    expect(text.photo.exec((await main.getAttribute('alt'))!)?.[1]).toBe('2');

    const rooms = page.locator('article[aria-labelledby^="room-"]');
    expect(await rooms.count()).toBeGreaterThan(0);
    for (const room of await rooms.all()) await expect(room.getByRole('img', { name: text.room })).toBeVisible();

    expect(await layoutShift(page), 'cumulative layout shift').toBe(0);
    const results = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
  });
}
