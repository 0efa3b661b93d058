import { describe, expect, it } from 'vitest';
import { hotelFormSchema } from '@/lib/forms/hotel-form';

const paths = (input: unknown) => {
  const result = hotelFormSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
};

describe('the hotel order form', () => {
  it('asks for the staying guest together with the orderer’s missing fields, not in a second round', () => {
    const missing = paths({ order: {}, stayingGuest: 'someoneElse', guest: {} });
    expect(missing).toEqual(expect.arrayContaining(['order.email', 'guest.firstName', 'guest.lastName', 'guest.email']));
  });

  it('needs no guest when the orderer stays', () => {
    expect(paths({ order: {}, stayingGuest: 'orderer' }).some((path) => path.startsWith('guest'))).toBe(false);
  });
});
