import { describe, expect, it } from 'vitest';
import { oneTypoApart, typoNeighbours } from '@/server/vouchers/holds';

describe('typing errors of a voucher code', () => {
  it('lists every code one digit wrong or with two neighbours swapped, and nothing else', () => {
    const near = typoNeighbours('12345678');
    expect(near).toHaveLength(72 + 7);
    expect(new Set(near).size).toBe(near.length);
    expect(near).not.toContain('12345678');
    for (const code of near) expect(oneTypoApart(code, '12345678')).toBe(true);
    expect(near).toContain('21345678');
    expect(near).toContain('12345679');
    expect(near).not.toContain('22345679');
  });

  it('does not count a swap of equal digits as a code of its own', () => {
    expect(typoNeighbours('11223344')).toHaveLength(72 + 3);
  });
});
