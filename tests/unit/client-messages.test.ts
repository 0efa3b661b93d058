import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pickMessages } from '@/lib/i18n/pick-messages';
import { clientMessagePaths, clientNamespaces, ROOT } from './support/client-graph';

/**
 * Each page's browser code gets its messages from the nearest layout's <ClientMessages>: every
 * namespace it uses must be there (or the browser shows message keys), and nothing else (or the
 * HTML carries texts nobody reads). A layout may hand over a part of a namespace ('hotelOrder.form')
 * where the code below asks only for such parts.
 */
const LOCALE_DIR = join(ROOT, 'app', '[locale]');

function providedBy(layout: string): string[] | undefined {
  if (!existsSync(layout)) return undefined;
  const match = /<ClientMessages\s[^>]*namespaces=\{\[([^\]]*)\]\}/.exec(readFileSync(layout, 'utf8'));
  return match ? [...match[1]!.matchAll(/'([^']+)'/g)].map((m) => m[1]!) : undefined;
}

/** The nearest layout (the page's folder, then up to app/[locale]) that provides messages. */
function providerOf(page: string): string {
  for (let dir = dirname(page); dir.startsWith(LOCALE_DIR); dir = dirname(dir)) {
    if (providedBy(join(dir, 'layout.tsx'))) return join(dir, 'layout.tsx');
  }
  throw new Error(`no layout with <ClientMessages> above ${relative(ROOT, page)}`);
}

const pages = readdirSync(LOCALE_DIR, { recursive: true })
  .map(String)
  .filter((file) => file.endsWith('page.tsx'))
  .map((file) => join(LOCALE_DIR, file));

const used = (entries: string[]) => new Set(entries.flatMap((entry) => [...clientMessagePaths(entry).keys()]));
/** `provided` ('payment' or 'payment.transfer') holds what `path` names. */
const covers = (provided: string, path: string) => path === provided || path.startsWith(`${provided}.`);

describe('messages handed to the browser', () => {
  it('finds the pages and reads browser code through their imports', () => {
    expect(pages.length).toBeGreaterThan(10);
    expect([...clientNamespaces(join(LOCALE_DIR, 'order', '(search)', 'page.tsx')).keys()]).toContain('hotelSearch');
    expect([...clientMessagePaths(join(LOCALE_DIR, 'order', 'reservation', '[orderId]', 'page.tsx')).keys()]).toContain('hotelOrder.form');
  });

  it.each(pages.map((page) => [relative(LOCALE_DIR, page), page]))('%s gets every namespace its browser code uses', (_name, page) => {
    const provided = providedBy(providerOf(page))!;
    const missing = [...clientMessagePaths(page)].filter(([path]) => !provided.some((given) => covers(given, path)));
    expect(missing, `add these to ${relative(ROOT, providerOf(page))}`).toEqual([]);
  });

  it('the site layout covers the shell, the error boundary and the not-found page', () => {
    const layout = join(LOCALE_DIR, 'layout.tsx');
    const needed = used([layout, join(LOCALE_DIR, 'error.tsx'), join(LOCALE_DIR, 'not-found.tsx')]);
    expect(new Set(providedBy(layout))).toEqual(needed);
  });

  it('no layout hands over a namespace, or a part of one, that no page below it uses', () => {
    const layouts = new Set(pages.map(providerOf));
    layouts.delete(join(LOCALE_DIR, 'layout.tsx'));
    for (const layout of layouts) {
      const needed = [...used(pages.filter((page) => providerOf(page) === layout))];
      expect(providedBy(layout)!.filter((given) => !needed.some((path) => covers(given, path))), relative(ROOT, layout)).toEqual([]);
    }
  });

  it('no layout hands over a whole namespace where the code below asks only for parts of it', () => {
    const layouts = new Set(pages.map(providerOf));
    layouts.delete(join(LOCALE_DIR, 'layout.tsx'));
    for (const layout of layouts) {
      const needed = [...used(pages.filter((page) => providerOf(page) === layout))];
      const wholeButPartsUsed = providedBy(layout)!.filter((given) => !given.includes('.') && !needed.includes(given));
      expect(wholeButPartsUsed, `${relative(ROOT, layout)} can hand over only the parts: ${needed.filter((path) => wholeButPartsUsed.some((given) => covers(given, path))).join(', ')}`).toEqual([]);
    }
  });

  it('the reservation step gets none of the hotel search texts, nor those of the order page', () => {
    const reservation = providedBy(providerOf(join(LOCALE_DIR, 'order', 'reservation', '[orderId]', 'page.tsx')))!;
    expect(reservation).not.toContain('hotelSearch');
    expect(reservation.filter((given) => covers(given, 'hotelOrder.status') || covers(given, 'hotelOrder.cancel'))).toEqual([]);
  });
});

describe('pickMessages', () => {
  const catalogue = { payment: { heading: 'Payment', fee: 'Fee' }, hotelOrder: { form: { submit: 'Order' }, cancel: { open: 'Cancel' }, guest: { heading: 'Guest' } }, other: { x: 'y' } };

  it('hands over whole groups and the named parts of others, nothing more', () => {
    expect(pickMessages(catalogue, ['payment', 'hotelOrder.form', 'hotelOrder.guest'])).toEqual({
      payment: { heading: 'Payment', fee: 'Fee' },
      hotelOrder: { form: { submit: 'Order' }, guest: { heading: 'Guest' } },
    });
  });
});
