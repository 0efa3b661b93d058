import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pragueMidnight } from '@/lib/prague-time';
import { operatorAudit } from '@/server/db/schema/operators';
import { vouchers } from '@/server/db/schema/vouchers';
import { signedInOperator } from '../support/console-browser';
import { databaseKinds } from '../support/databases';
import { openShop, type Shop } from '../support/shop';
import { giveVoucher } from '../support/vouchers';

describe.each(databaseKinds())('a voucher in the console, on %s', (kind) => {
  let shop: Shop;
  beforeEach(async () => {
    shop = await openShop(kind);
  });
  afterEach(() => shop.close());

  const validTo = async (id: string) => (await shop.handle.db.select({ validTo: vouchers.validTo }).from(vouchers).where(eq(vouchers.id, id)))[0]!.validTo;

  it('shows a voucher to support, and lets finance alone extend it, also after it expired, once per form', async () => {
    const voucher = await giveVoucher(shop, 50_000, 12);
    const page = `/console/vouchers?code=${voucher.code}`;
    const support = await signedInOperator(shop, 'support@example.cz', 'support');
    const shown = await (await support.request(page)).text();
    expect(shown).toContain(`<h1>Voucher ${voucher.code}</h1>`);
    expect(shown).toContain('<dd>valid</dd>');
    expect(shown).not.toContain('/console/vouchers/extend');
    expect((await support.request(`/console/vouchers/extend?code=${voucher.code}`)).status).toBe(403);
    expect((await support.submit('/console/vouchers/extend', { voucher: voucher.id, code: voucher.code, nonce: crypto.randomUUID(), until: '2028-01-31', reason: 'x' })).status).toBe(403);

    // Fourteen months on (the support session ended long ago), the voucher has expired.
    shop.ctx.setNow(new Date('2028-01-01T10:00:00Z'));
    const finance = await signedInOperator(shop, 'finance@example.cz', 'finance');
    expect(await (await finance.request(page)).text()).toContain('<dd>expired</dd>');
    const fields = await finance.hiddenFields(`/console/vouchers/extend?code=${voucher.code}`);
    expect(Object.keys(fields)).toEqual(['voucher', 'code', 'nonce']);
    expect((await finance.submit('/console/vouchers/extend', { ...fields, until: '2027-06-30', reason: 'Too early.' })).status).toBe(400);
    expect((await finance.submit('/console/vouchers/extend', { ...fields, until: '2031-06-30', reason: 'Too late.' })).status).toBe(400);
    expect((await finance.submit('/console/vouchers/extend', { ...fields, until: '2028-03-31', reason: '' })).status).toBe(400);
    expect(await validTo(voucher.id)).toEqual(voucher.validTo);

    const done = await finance.submit('/console/vouchers/extend', { ...fields, until: '2028-03-31', reason: 'The customer was in hospital.' });
    expect([done.status, done.headers.get('location')]).toEqual([303, `${page}&extended`]);
    expect((await finance.submit('/console/vouchers/extend', { ...fields, until: '2028-06-30', reason: 'Sent twice.' })).status).toBe(303);
    expect(await validTo(voucher.id)).toEqual(pragueMidnight('2028-04-01'));
    const after = await (await finance.request(`${page}&extended`)).text();
    expect(after).toContain('The voucher is now valid until March 31, 2028 at 23:59.');
    expect(after).toContain('<dd>valid</dd>');
    expect(await shop.handle.db.select({ reason: operatorAudit.reason, before: operatorAudit.before }).from(operatorAudit).where(eq(operatorAudit.action, 'voucher-extended'))).toEqual([
      { reason: 'The customer was in hospital.', before: { validTo: voucher.validTo.toISOString() } },
    ]);
  });
});
