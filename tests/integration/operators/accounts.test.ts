import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addOperator, disableOperator, enrolAgain, OperatorCommandRefused } from '@/server/operators/accounts';
import { databaseKinds } from '../support/databases';
import { openShop, type Shop } from '../support/shop';

describe.each(databaseKinds())('operator accounts, on %s', (kind) => {
  let shop: Shop;
  beforeEach(async () => {
    shop = await openShop(kind);
  });
  afterEach(() => shop.close());

  it.each([
    ['an address that is no e-mail', () => addOperator(shop.ctx.services, 'nobody', 'support'), /"nobody" is not an e-mail address/],
    ['a link for somebody who is no operator', () => enrolAgain(shop.ctx.services, 'ghost@example.cz'), /ghost@example\.cz is not an active operator/],
    ['disabling somebody who is no operator', () => disableOperator(shop.ctx.services, 'ghost@example.cz'), /ghost@example\.cz is not an active operator/],
  ])('refuses %s, and stores and sends nothing', async (_, act, message) => {
    await expect(act()).rejects.toThrow(OperatorCommandRefused);
    await expect(act()).rejects.toThrow(message);
    expect(await shop.outbox()).toEqual([]);
  });

  it('gives two operators who are added at once one row each, and the same address once', async () => {
    const results = await Promise.allSettled([
      addOperator(shop.ctx.services, 'a@example.cz', 'support'),
      addOperator(shop.ctx.services, 'A@example.cz', 'finance'),
      addOperator(shop.ctx.services, 'b@example.cz', 'finance'),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    expect((await shop.outbox()).map((mail) => mail.to).sort()).toEqual(['a@example.cz', 'b@example.cz']);
  });
});
