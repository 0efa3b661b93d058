import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { loadMessages } from '@/lib/i18n/messages';
import { htmlLang, LOCALES } from '@/lib/variants';
import cs from '@/messages/cs.json';
import pluxee from '@/messages/cs-pluxee.json';
import en from '@/messages/en.json';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

describe('messages', () => {
  const reference = [...leaves(en as Tree).keys()].sort();

  it.each(LOCALES)('%s has exactly the keys of the English messages', async (locale) => {
    const messages = leaves((await loadMessages(locale)) as Tree);
    expect([...messages.keys()].sort()).toEqual(reference);
    for (const [key, text] of messages) expect(text.trim(), key).not.toBe('');
  });

  it('keeps only differences from Czech in the Pluxee file', () => {
    const czech = leaves(cs as Tree);
    for (const [key, text] of leaves(pluxee as Tree)) {
      expect(czech.has(key), key).toBe(true);
      expect(czech.get(key), key).not.toBe(text);
    }
  });

  it.each(LOCALES)('%s messages are valid ICU and format', async (locale) => {
    for (const [key, text] of leaves((await loadMessages(locale)) as Tree)) {
      expect(() => new IntlMessageFormat(text, htmlLang(locale)), key).not.toThrow();
    }
  });

  it.each([
    ['cs', [[0, ''], [1, '1 den, '], [3, '3 dny, '], [5, '5 dní, ']]],
    ['pl', [[1, '1 dzień, '], [2, '2 dni, '], [5, '5 dni, '], [22, '22 dni, ']]],
    ['en', [[1, '1 day, '], [2, '2 days, ']]],
  ] as const)('%s uptime uses the plural forms of days', async (locale, cases) => {
    const text = (await loadMessages(locale)).versionPanel.uptimeValue;
    for (const [days, expected] of cases) {
      const formatted = new IntlMessageFormat(text, locale).format({
        days,
        hours: 2,
        minutes: 3,
        seconds: 4,
      });
      expect(formatted).toBe(`${expected}2 h 3 min 4 s`);
    }
  });
});
