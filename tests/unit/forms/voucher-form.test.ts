import { describe, expect, it } from 'vitest';
import { voucherFormSchema } from '@/lib/forms/voucher-form';

const schema = voucherFormSchema({ minValue: 500, maxValue: 50_000 });
const valueError = (value: unknown) => {
  const result = schema.safeParse({ value, gift: false, order: {} });
  return result.success ? undefined : result.error.issues.find((issue) => issue.path[0] === 'value')?.message;
};

describe('the voucher purchase form', () => {
  it.each([
    ['', 'required'],
    ['2500,50', 'wholeAmount'],
    ['2500.5', 'wholeAmount'],
    ['tři tisíce', 'wholeAmount'],
    ['300', 'voucherMin'],
    ['60 000', 'voucherMax'],
    ['2 500', undefined],
    [3000, undefined],
  ])('value %j → %s', (value, expected) => {
    expect(valueError(value)).toBe(expected);
  });

  it('keeps a gift recipient’s e-mail optional (the recipient is never contacted) but checks one given', () => {
    const recipient = (presentFor: object) => schema.safeParse({ value: 1000, gift: true, presentFor, order: {} }).error?.issues.filter((i) => i.path[0] === 'presentFor') ?? [];
    expect(recipient({ firstName: 'Eva', lastName: 'Malá' })).toEqual([]);
    expect(recipient({ firstName: 'Eva', lastName: 'Malá', email: 'eva@' }).map((i) => i.message)).toEqual(['email']);
  });
});
