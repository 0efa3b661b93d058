import { describe, expect, it } from 'vitest';
import { changesByItself, paymentNextStep } from '@/lib/payment-next-step';
import type { PaymentStatusName, PaymentView } from '@/lib/rpc/views';

function payment(id: string, status: PaymentStatusName, how: 'gateway' | 'transfer' | 'voucher', amount = 1000): PaymentView {
  return {
    id,
    value: { amount, currency: 'CZK' },
    covers: { amount, currency: 'CZK' },
    fee: { amount: 0, currency: 'CZK' },
    status,
    method: { id: how, kind: how === 'gateway' ? 'card' : how, name: how, code: how === 'gateway' ? 'payment_card' : how },
    gatewayUrl: how === 'gateway' && status === 'WAITING' ? `https://gate.example/${id}` : undefined,
    transfer: how === 'transfer' && status === 'WAITING' ? { recipient: 'R', account: '1/0300', iban: 'CZ00', variableSymbol: '1', reference: 'variable_symbol', title: '', qrWithoutAmount: false } : undefined,
  };
}

describe('the next step of an unpaid order', () => {
  it('a declined payment asks to pay again and does not wait for anything', () => {
    const step = paymentNextStep([payment('card', 'REJECTED', 'gateway')]);
    expect(step).toMatchObject({ kind: 'failed', failed: [{ id: 'card' }], paid: [] });
    expect(changesByItself(step)).toBe(false);
  });

  it('a failed part comes before a part still to pay, and the paid part is counted', () => {
    const step = paymentNextStep([payment('first', 'PAID', 'gateway', 2000), payment('second', 'CANCELLED', 'gateway'), payment('transfer', 'WAITING', 'transfer')]);
    expect(step.kind).toBe('failed');
    expect(step.paid.map((p) => p.id)).toEqual(['first']);
  });

  it('after the first part of a split is paid, the second is the one to pay', () => {
    const step = paymentNextStep([payment('first', 'PAID', 'gateway', 2000), payment('second', 'WAITING', 'gateway')]);
    expect(step).toMatchObject({ kind: 'pay', payment: { id: 'second' }, paid: [{ id: 'first' }] });
    expect(changesByItself(step)).toBe(true);
  });

  it('a waiting transfer shows its details; a voucher part is never paid again', () => {
    expect(paymentNextStep([payment('v', 'CANCELLED', 'voucher'), payment('t', 'WAITING', 'transfer')])).toMatchObject({ kind: 'transfer', transfers: [{ id: 't' }] });
  });

  it('a gateway payment without a link left waits for the gateway', () => {
    const waiting = { ...payment('card', 'WAITING', 'gateway'), gatewayUrl: undefined };
    expect(paymentNextStep([waiting]).kind).toBe('confirming');
  });
});
