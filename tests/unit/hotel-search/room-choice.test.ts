import { describe, expect, it } from 'vitest';
import { productIdsOf, roomChoiceProblem } from '@/lib/forms/hotel-search-rooms';

const double = { adults: 2, total: 2, children: [] };
const family = { adults: 2, total: 4, children: [{ total: 2, fromAge: 2, toAge: 12 }] };

describe('the room choice check', () => {
  it.each([
    [{ adults: 2, childrenAges: [] }, [], 'no_products'],
    [{ adults: 1, childrenAges: [] }, [double, double], 'less_adults_than_products'],
    [{ adults: 3, childrenAges: [] }, [double], 'too_many_adults'],
    [{ adults: 2, childrenAges: [5] }, [double], 'too_many_children'],
    [{ adults: 0, childrenAges: [] }, [double], 'zero_adults'],
  ] as const)('refuses %j in %j with %s', (guests, units, code) => {
    expect(roomChoiceProblem(guests, units)).toBe(code);
  });

  it('lets a baby share a full room and a family fit', () => {
    expect(roomChoiceProblem({ adults: 2, childrenAges: [1] }, [double])).toBeUndefined();
    expect(roomChoiceProblem({ adults: 2, childrenAges: [4, 9] }, [family])).toBeUndefined();
    expect(roomChoiceProblem({ adults: 3, childrenAges: [] }, [double, double])).toBeUndefined();
  });

  it('repeats a product id once per unit', () => {
    expect(productIdsOf({ a: 2, b: 0, c: 1 })).toEqual(['a', 'a', 'c']);
  });
});
