import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { formatDeadline, lastMinuteBefore } from '@/lib/deadline';
import { loadMessages } from '@/lib/i18n/messages';
import { pragueMidnight } from '@/lib/prague-time';

describe('the last minute before a deadline', () => {
  it('is 23:59 of the day before when the fee starts at midnight', () => {
    expect(lastMinuteBefore(new Date('2026-12-11T23:00:00Z'))).toEqual(new Date('2026-12-11T22:59:00Z'));
  });

  it('is the minute before a deadline on the minute, and never a minute that is partly too late', () => {
    expect(lastMinuteBefore(new Date('2026-12-11T13:30:00Z'))).toEqual(new Date('2026-12-11T13:29:00Z'));
    // From 13:30:30 on it costs: 13:30 is partly too late, so 13:29 is shown.
    expect(lastMinuteBefore(new Date('2026-12-11T13:30:30Z'))).toEqual(new Date('2026-12-11T13:29:00Z'));
    expect(lastMinuteBefore(new Date('2026-12-11T13:30:59.999Z'))).toEqual(new Date('2026-12-11T13:29:00Z'));
  });
});

describe('a deadline as people read it', () => {
  // The simulator's rates are free until midnight in Prague of a day before the stay (pragueMidnight).
  it.each([
    ['winter', '2026-12-12', { cs: '11. 12. 2026 23:59', pl: '11.12.2026, 23:59', en: 'December 11, 2026 at 23:59' }],
    ['summer', '2026-07-12', { cs: '11. 7. 2026 23:59', pl: '11.07.2026, 23:59', en: 'July 11, 2026 at 23:59' }],
    // The nights the clocks change: spring forward (29 March), fall back (25 October).
    ['the spring change', '2026-03-29', { cs: '28. 3. 2026 23:59', pl: '28.03.2026, 23:59', en: 'March 28, 2026 at 23:59' }],
    ['the autumn change', '2026-10-25', { cs: '24. 10. 2026 23:59', pl: '24.10.2026, 23:59', en: 'October 24, 2026 at 23:59' }],
  ] as const)('a fee from midnight in %s shows 23:59 of the day before in every language', (_season, day, expected) => {
    const firstLate = pragueMidnight(day);
    expect({ cs: formatDeadline(firstLate, 'cs'), pl: formatDeadline(firstLate, 'pl'), en: formatDeadline(firstLate, 'en') }).toEqual(expected);
    // The API hands the browser ISO strings: the same text.
    expect(formatDeadline(firstLate.toISOString(), 'cs')).toBe(expected.cs);
  });

  it('shows Prague time whatever the offset: 14:30 UTC is 16:30 in summer and 15:30 in winter', () => {
    expect(formatDeadline(new Date('2026-07-01T14:30:00Z'), 'cs')).toBe('1. 7. 2026 16:29');
    expect(formatDeadline(new Date('2026-12-01T14:30:00Z'), 'cs')).toBe('1. 12. 2026 15:29');
  });
});

describe('the cancellation deadline, and the voucher it gives, in every message', () => {
  const firstLate = pragueMidnight('2026-07-12');
  it.each([
    ['cs', 'Do 11. 7. 2026 23:59 (českého času) lze zrušit za dárkový poukaz na celou zaplacenou částku'],
    ['pl', 'Do 11.07.2026, 23:59 (czasu polskiego) można anulować za voucher podarunkowy na całą wpłaconą kwotę'],
    ['en', 'Cancel by July 11, 2026 at 23:59 (Polish time) and get a gift voucher for the full amount paid'],
  ] as const)('reads the same in %s on the search, the order page, the cancel dialog, the e-mail and the PDF', async (language, wording) => {
    const messages = await loadMessages(language);
    const date = formatDeadline(firstLate, language);
    const say = (text: string) => new IntlMessageFormat(text, language).format({ date }) as string;
    // The e-mail's and the PDF's row (email.hotelOrder) is the wording itself; the others add a full stop or a sentence.
    expect(say(messages.email.hotelOrder.freeUntil)).toBe(wording);
    expect(say(messages.hotelSearch.freeCancellation)).toBe(wording);
    expect(say(messages.hotelOrder.cancel.freeUntil)).toBe(`${wording}.`);
    expect(say(messages.hotelOrder.stay.freeCancellation).startsWith(`${wording}. `)).toBe(true);
  });
});
