import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@/lib/error-codes';
import { loadMessages } from '@/lib/i18n/messages';
import { languageOf, LOCALES } from '@/lib/variants';
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
  it.each(LOCALES)('%s has exactly the keys of the English messages', async (locale) => {
    const reference = [...leaves((await loadMessages('en')) as Tree).keys()].sort();
    const messages = leaves((await loadMessages(locale)) as Tree);
    expect(reference).toContain('errorPage.home');
    expect(reference).toContain(`pages.${Object.keys(en.pages)[0]}`);
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
      expect(() => new IntlMessageFormat(text, languageOf(locale)), key).not.toThrow();
    }
  });

  it.each([
    ['cs', 0, ''],
    ['cs', 1, '1 den, '],
    ['cs', 3, '3 dny, '],
    ['cs', 5, '5 dní, '],
    ['pl', 1, '1 dzień, '],
    ['pl', 2, '2 dni, '],
    ['pl', 5, '5 dni, '],
    ['pl', 22, '22 dni, '],
    ['en', 1, '1 day, '],
    ['en', 2, '2 days, '],
  ] as const)('%s uptime of %i days starts with "%s"', async (locale, days, expected) => {
    const text = (await loadMessages(locale)).versionPanel.uptimeValue;
    const formatted = new IntlMessageFormat(text, locale).format({ days, hours: 2, minutes: 3, seconds: 4 });
    expect(formatted).toBe(`${expected}2 h 3 min 4 s`);
  });
});

describe('the error catalogue', () => {
  it.each(LOCALES)('has a message for every code and nothing else in %s', async (locale) => {
    const { errors } = await loadMessages(locale);
    expect(Object.keys(errors).sort()).toEqual(Object.keys(ERROR_CODES).sort());
  });
});
