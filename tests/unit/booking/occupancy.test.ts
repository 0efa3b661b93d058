import { describe, expect, it } from 'vitest';
import { allocateGuests, fitsOccupancy } from '@/server/booking/occupancy';
import { DomainError } from '@/server/errors';

const DOUBLE = { adults: 2, total: 2, children: [] };
const FAMILY = { adults: 2, total: 4, children: [{ total: 2, fromAge: 2, toAge: 12 }] };
const TRIPLE = { adults: 3, total: 3, children: [] };

function code(fn: () => unknown): string {
  try {
    fn();
    return 'ok';
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
}

describe('allocateGuests', () => {
  it('gives every room an adult and spreads the rest where there is room', () => {
    expect(allocateGuests({ adults: 3, childrenAges: [] }, [DOUBLE, DOUBLE])).toEqual([
      { adults: 2, children: [] },
      { adults: 1, children: [] },
    ]);
  });

  it('seats children in a bracket that covers their age, oldest first', () => {
    expect(allocateGuests({ adults: 2, childrenAges: [4, 9] }, [FAMILY])).toEqual([{ adults: 2, children: [9, 4] }]);
  });

  it('lets a child without a bracket take a free adult bed', () => {
    expect(allocateGuests({ adults: 2, childrenAges: [15] }, [TRIPLE])).toEqual([{ adults: 2, children: [15] }]);
  });

  it('puts babies in a cot: they need no bed', () => {
    expect(allocateGuests({ adults: 2, childrenAges: [1] }, [DOUBLE])).toEqual([{ adults: 2, children: [1] }]);
  });

  it.each([
    ['no_products', { adults: 2, childrenAges: [] }, []],
    ['zero_adults', { adults: 0, childrenAges: [] }, [DOUBLE]],
    ['less_adults_than_products', { adults: 1, childrenAges: [] }, [DOUBLE, DOUBLE]],
    ['too_many_adults', { adults: 5, childrenAges: [] }, [DOUBLE, DOUBLE]],
    ['too_many_children', { adults: 2, childrenAges: [5, 7, 9] }, [FAMILY]],
    ['too_many_children', { adults: 2, childrenAges: [8] }, [DOUBLE]],
    ['invalid_adults_number', { adults: 1.5, childrenAges: [] }, [DOUBLE]],
    ['invalid_children_number', { adults: 2, childrenAges: [18] }, [DOUBLE]],
    ['invalid_children_number', { adults: 2, childrenAges: Array.from({ length: 11 }, () => 5) }, [FAMILY]],
  ] as const)('answers %s', (expected, guests, units) => {
    expect(code(() => allocateGuests(guests, units))).toBe(expected);
  });
});

describe('fitsOccupancy', () => {
  it('tells whether the stay fits the asked number of rooms of one rate', () => {
    expect(fitsOccupancy(DOUBLE, { adults: 2, childrenAges: [] }, 1)).toBe(true);
    expect(fitsOccupancy(DOUBLE, { adults: 3, childrenAges: [] }, 1)).toBe(false);
    expect(fitsOccupancy(DOUBLE, { adults: 3, childrenAges: [] }, 2)).toBe(true);
    expect(fitsOccupancy(FAMILY, { adults: 2, childrenAges: [3, 10] }, 1)).toBe(true);
    expect(fitsOccupancy(DOUBLE, { adults: 1, childrenAges: [] }, 2)).toBe(false);
  });
});
