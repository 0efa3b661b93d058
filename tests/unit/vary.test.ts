import { describe, expect, it } from 'vitest';
import { addToVary } from '@/server/http/vary';

describe('addToVary', () => {
  it('adds each name once, whatever its case, after the names already there', () => {
    expect(addToVary('rsc, accept-encoding', ['Accept-Encoding', 'Cookie', 'cookie'])).toBe('rsc, accept-encoding, Cookie');
    expect(addToVary(undefined, ['Accept-Encoding'])).toBe('Accept-Encoding');
    expect(addToVary(['rsc', 'Next-Router-State-Tree'], ['Accept-Language'])).toBe('rsc, Next-Router-State-Tree, Accept-Language');
  });

  it('adds nothing to *, which already covers every name', () => {
    expect(addToVary('*', ['Accept-Encoding'])).toBe('*');
  });
});
