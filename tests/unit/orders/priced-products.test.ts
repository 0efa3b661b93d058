import { describe, expect, it } from 'vitest';
import type { PortalPreview } from '@/server/booking/portal';
import { pricedProducts } from '@/server/orders/hotel/pricing';

const product = (id: string, total: number): PortalPreview['products'][number] => ({
  id,
  roomId: `room-${id}`,
  price: { base: total, total, chargeableOnline: total },
  charges: [],
  mealPlan: { plan: 'no_plan', meals: [] } as unknown as PortalPreview['products'][number]['mealPlan'],
  cancellation: [{ from: 'now', fee: total }],
  occupancyMismatch: false,
});

const priced = (offered: PortalPreview['products'], chosen: string[]) =>
  pricedProducts({ portal: { products: offered } as PortalPreview, productIds: chosen, stay: { checkIn: '2026-12-14', checkOut: '2026-12-16', rooms: 1, adults: 2, childrenAges: [] } });

describe('pricing the products of a preview exactly', () => {
  it('prices each unit chosen with its own product', () => {
    expect(priced([product('a', 100_00), product('b', 250_00), product('a', 100_00)], ['a', 'b', 'a']).map((p) => [p.productId, p.payOnline])).toEqual([
      ['a', 100_00],
      ['b', 250_00],
      ['a', 100_00],
    ]);
  });

  it('stops when a product chosen is missing, never pricing it as another', () => {
    expect(() => priced([product('b', 250_00)], ['a'])).toThrow(expect.objectContaining({ code: 'accommodation_unavailable' }));
  });

  it('stops when a product is offered fewer times than chosen', () => {
    expect(() => priced([product('a', 100_00), product('b', 250_00)], ['a', 'a'])).toThrow(expect.objectContaining({ code: 'accommodation_unavailable' }));
  });
});

describe('the free-cancellation deadline of a rate free until the stay', () => {
  const freeToTheEnd = (id: string): PortalPreview['products'][number] => ({ ...product(id, 100_00), cancellation: [{ from: 'now', fee: 0 }] });
  const deadline = (checkIn: string) =>
    pricedProducts({ portal: { products: [freeToTheEnd('a')] } as PortalPreview, productIds: ['a'], stay: { checkIn, checkOut: '2027-12-31', rooms: 1, adults: 2, childrenAges: [] } })[0]!
      .freeCancellationUntil?.toISOString();

  it('is midnight of the check-in day in Prague, in winter and in summer time', () => {
    expect(deadline('2026-12-14')).toBe('2026-12-13T23:00:00.000Z');
    // Summer time: Prague is two hours ahead, so a fixed +01:00 would be an hour late.
    expect(deadline('2027-07-10')).toBe('2027-07-09T22:00:00.000Z');
  });
});
