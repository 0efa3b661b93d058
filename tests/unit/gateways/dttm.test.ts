import { describe, expect, it } from 'vitest';
import { formatDttm, isDttmFresh, parseDttm } from '@/contracts/dttm';

describe('dttm in Prague time', () => {
  it.each([
    ['winter (UTC+1)', '2024-01-01T11:00:00Z', '20240101120000'],
    ['summer (UTC+2)', '2024-07-01T10:00:00Z', '20240701120000'],
    ['last second before the spring change', '2024-03-31T00:59:59Z', '20240331015959'],
    ['first second after the spring change', '2024-03-31T01:00:00Z', '20240331030000'],
    ['first 02:30 of the autumn change', '2024-10-27T00:30:00Z', '20241027023000'],
    ['second 02:30 of the autumn change', '2024-10-27T01:30:00Z', '20241027023000'],
    ['new year in Prague, still the old year in UTC', '2024-12-31T23:30:05Z', '20250101003005'],
  ])('formats %s', (_case, instant, dttm) => {
    expect(formatDttm(new Date(instant))).toBe(dttm);
  });

  it('reads a dttm back as the instants it can mean', () => {
    expect(parseDttm('20240701120000').map((d) => d.toISOString())).toEqual(['2024-07-01T10:00:00.000Z']);
    expect(parseDttm('20240101120000').map((d) => d.toISOString())).toEqual(['2024-01-01T11:00:00.000Z']);
    expect(parseDttm('20241027023000').map((d) => d.toISOString())).toEqual(['2024-10-27T00:30:00.000Z', '2024-10-27T01:30:00.000Z']);
    // The hour skipped in spring and impossible dates mean nothing.
    expect(parseDttm('20240331023000')).toEqual([]);
    expect(parseDttm('20241301120000')).toEqual([]);
    expect(parseDttm('2024010112000')).toEqual([]);
  });

  it('judges freshness against the clock, accepting either reading of an ambiguous time', () => {
    const now = new Date('2024-10-27T01:32:00Z');
    expect(isDttmFresh('20241027023000', now, 300)).toBe(true);
    expect(isDttmFresh('20241027022600', now, 300)).toBe(false);
    expect(isDttmFresh('20241027023000', new Date('2024-10-27T00:34:00Z'), 300)).toBe(true);
    expect(isDttmFresh(20241027023000, now, 300)).toBe(false);
  });
});
