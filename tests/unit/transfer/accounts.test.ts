import { describe, expect, it } from 'vitest';
import { czechIban, isValidIban, parseCzechAccount } from '@/server/payments/transfer/czech-account';
import { parsePolishAccount } from '@/server/payments/transfer/polish-account';

describe('Czech account numbers', () => {
  it.each([
    ['19-2000145399/0800', 'CZ6508000000192000145399'],
    ['178124-4159/0710', 'CZ6907101781240000004159'],
    ['2501301193/2010', 'CZ3620100000002501301193'],
    ['2600118167/2010', 'CZ7020100000002600118167'],
    ['19-123/0800', 'CZ2408000000190000000123'],
    ['123/0100', 'CZ7801000000000000000123'],
    ['168540115/0600', 'CZ2806000000000168540115'],
  ])('%s is %s', (account, iban) => {
    expect(czechIban(parseCzechAccount(account))).toBe(iban);
    expect(isValidIban(iban)).toBe(true);
  });

  it.each([
    ['12-3456789012/0100', /mod-11/],
    ['1000000031/0800', /mod-11/],
    ['12345/080', /not a Czech account/],
    ['19-2000145399', /not a Czech account/],
  ])('refuses %s', (account, message) => {
    expect(() => parseCzechAccount(account)).toThrow(message);
  });
});

describe('Polish account numbers', () => {
  it('accepts a valid NRB', () => {
    expect(parsePolishAccount('61 1090 1014 0000 0712 1981 2874')).toBe('61109010140000071219812874');
  });

  it.each([
    ['92124012340001567890123456', /settlement/],
    ['61109010140000071219812875', /mod-97/],
    ['6110901014000007121981287', /26-digit/],
  ])('refuses %s', (nrb, message) => {
    expect(() => parsePolishAccount(nrb)).toThrow(message);
  });
});
