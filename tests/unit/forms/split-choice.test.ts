import { describe, expect, it } from 'vitest';
import type { MethodOption } from '@/components/payment/method-options';
import { chooseFirst, choiceOf, splitStateOf, startSplit } from '@/components/payment/split-choice';
import { parseAmount } from '@/lib/money';

const methods: MethodOption[] = [
  { id: 'edenred', kind: 'benefit', code: 'edenred_card', feeBasisPoints: 690 },
  { id: 'pluxee', kind: 'benefit', code: 'pluxee_cafeteria', feeBasisPoints: 1000 },
  { id: 'card', kind: 'card', code: 'payment_card', feeBasisPoints: 0 },
  { id: 'transfer', kind: 'transfer', code: 'transfer', feeBasisPoints: 0 },
];

describe('splitting the price between two methods', () => {
  it('keeps the chosen method first and offers the first method without a fee for the rest', () => {
    const split = startSplit(splitStateOf({ voucherCodes: [], rest: 'edenred' }), methods);
    expect(split).toMatchObject({ splitting: true, first: 'edenred', second: 'card', amountText: '' });
  });

  it('chooses nothing for the rest when every other method costs a fee', () => {
    const split = startSplit(splitStateOf({ voucherCodes: [], rest: 'edenred' }), methods.slice(0, 2));
    expect(split.second).toBe('');
    expect(choiceOf({ ...split, amountText: '500' }, [], parseAmount)).toEqual({ voucherCodes: [], rest: 'edenred', missing: 'second' });
  });

  it('prices the first method alone until an amount is typed, so nothing is refused before that', () => {
    const split = startSplit(splitStateOf({ voucherCodes: ['12345678'], rest: 'edenred' }), methods);
    expect(choiceOf(split, ['12345678'], parseAmount)).toEqual({ voucherCodes: ['12345678'], rest: 'edenred', missing: 'amount' });
    expect(choiceOf({ ...split, amountText: '2 000,50' }, [], parseAmount)).toEqual({ voucherCodes: [], first: { methodId: 'edenred', amount: 200_050 }, rest: 'card' });
  });

  it('moves the rest off a method that becomes the first one', () => {
    const split = { ...startSplit(splitStateOf({ voucherCodes: [], rest: 'edenred' }), methods), amountText: '100' };
    expect(chooseFirst(split, 'card', methods)).toMatchObject({ first: 'card', second: 'transfer', amountText: '100' });
    expect(chooseFirst(split, 'pluxee', methods)).toMatchObject({ first: 'pluxee', second: 'card' });
  });

  it('shows a split choice as it was made', () => {
    expect(splitStateOf({ voucherCodes: [], first: { methodId: 'pluxee', amount: 150_000 }, rest: 'card' })).toEqual({ splitting: true, first: 'pluxee', second: 'card', amountText: '1500' });
  });
});
