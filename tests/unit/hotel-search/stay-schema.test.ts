import { describe, expect, it } from 'vitest';
import { hotelSearchSchema } from '@/lib/forms/hotel-search';
import { addDays, pragueToday } from '@/lib/prague-time';

const TODAY = '2030-06-10';
const schema = hotelSearchSchema(TODAY);
const valid = { checkIn: '2030-06-12', checkOut: '2030-06-14', rooms: '1', adults: '2', childrenAges: [] as (string | number)[] };

function messages(input: Record<string, unknown>) {
  const result = schema.safeParse({ ...valid, ...input });
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
}

describe('the stay form schema', () => {
  it('accepts a stay and turns the form strings into numbers', () => {
    expect(schema.parse({ ...valid, childrenAges: ['7', 0] })).toEqual({ checkIn: '2030-06-12', checkOut: '2030-06-14', rooms: 1, adults: 2, childrenAges: [7, 0] });
  });

  it.each([
    [{ checkIn: '' }, 'checkIn:dateRequired'],
    [{ checkOut: '' }, 'checkOut:dateRequired'],
    [{ checkIn: '2030-06-09' }, 'checkIn:checkin_in_past'],
    [{ checkIn: addDays(TODAY, 501), checkOut: addDays(TODAY, 502) }, 'checkIn:checkin_too_far'],
    [{ checkOut: '2030-06-12' }, 'checkOut:checkout_before_checkin'],
    [{ checkOut: addDays('2030-06-12', 91) }, 'checkOut:stay_too_long'],
    [{ rooms: '0' }, 'rooms:invalid_rooms'],
    [{ rooms: '3', adults: '2' }, 'adults:invalid_adults_count'],
    [{ childrenAges: [''] }, 'childrenAges.0:missing_child_age'],
    [{ childrenAges: ['18'] }, 'childrenAges.0:invalid_child_age'],
    [{ childrenAges: Array.from({ length: 11 }, () => '5') }, 'childrenAges:invalid_children_count'],
  ] as const)('names the problem of %j', (input, expected) => {
    expect(messages(input)).toContain(expected);
  });

  it('takes check-in today and a 90-night stay', () => {
    expect(messages({ checkIn: TODAY, checkOut: addDays(TODAY, 90) })).toEqual([]);
  });

  it('knows the Prague day around midnight UTC', () => {
    expect(pragueToday(new Date('2030-06-10T22:30:00Z'))).toBe('2030-06-11');
  });
});
