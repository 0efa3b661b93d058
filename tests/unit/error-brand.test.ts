import { describe, expect, it, vi } from 'vitest';

/** Two copies of a module, as two Next bundles of one process hold them. */
async function twoCopies<T>(load: () => Promise<T>): Promise<[T, T]> {
  const first = await load();
  vi.resetModules();
  const second = await load();
  return [first, second];
}

describe('error classes keep their identity across copies of their module', () => {
  it('a DomainError of one copy is a DomainError of the other', async () => {
    const [a, b] = await twoCopies(() => import('@/server/errors'));
    expect(a.DomainError).not.toBe(b.DomainError);
    const error = new a.DomainError('hotel_not_found');
    expect(error instanceof b.DomainError).toBe(true);
    expect(error instanceof Error).toBe(true);
    expect(new Error('plain') instanceof b.DomainError).toBe(false);
    expect({ name: 'DomainError', code: 'hotel_not_found' } instanceof b.DomainError).toBe(false);
    expect((null as unknown) instanceof b.DomainError).toBe(false);
  });

  it('gateway errors: a subclass is an instance of its base, never the other way round', async () => {
    const [a, b] = await twoCopies(async () => ({ ...(await import('@/server/payments/gateways/gateway')), ...(await import('@/server/payments/gateways/errors')) }));
    const rejected = new a.CallbackRejected('invalid_signature');
    expect(rejected instanceof b.CallbackRejected).toBe(true);
    expect(rejected instanceof b.GatewayError).toBe(false);
    const refused = new a.GatewayResultError('csob', '150', 'refused');
    expect(refused instanceof b.GatewayResultError).toBe(true);
    expect(refused instanceof b.GatewayError).toBe(true);
    expect(refused instanceof b.InvalidGatewaySignature).toBe(false);
    expect(new a.GatewayError('timeout', true) instanceof b.GatewayResultError).toBe(false);
  });
});
