import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { operatorAudit } from '@/server/db/schema/operators';
import { voucherGuessingWaves, voucherHolds, vouchers } from '@/server/db/schema/vouchers';
import { attacker, PRODUCT, solve, unknownCode } from '../attacks/support';
import { signedInOperator } from '../support/console-browser';
import { databaseKinds } from '../support/databases';
import { openShop, type Shop } from '../support/shop';
import { giveVoucher } from '../support/vouchers';

const byCode = (code: string) => ({ productVariant: PRODUCT, voucherCode: code });

/**
 * A guessing wave and the voucher it held, in the console: both under Needs attention, the hold
 * released by an operator (a reason, an audit entry, once per form), the wave marked dealt with.
 */
describe.each(databaseKinds())('held vouchers in the console, on %s', (kind) => {
  let shop: Shop;
  let call: ReturnType<typeof attacker>;
  beforeEach(async () => {
    // Three wrong codes a day for the whole site: the fourth lookup is a guessing wave.
    shop = await openShop(kind, { BUDGETS: 'voucherGuessesSiteWide=3/86400' });
    call = attacker(shop);
  });
  afterEach(() => shop.close());

  /** A call that proves its work when asked to, as a guesser's script would. */
  async function provenCall(body: unknown, client: string) {
    const first = await call('VoucherDetail', body, client);
    if (first.code !== 'challenge_required') return first;
    return call('VoucherDetail', body, client, { 'x-challenge-solution': await solve(first.headers.get('x-challenge')!) });
  }

  it('lists the wave and the held voucher, and lets support release the hold once, with a reason', async () => {
    const voucher = await giveVoucher(shop, 75_000);
    const guesser = '203.0.113.70';
    for (let i = 0; i < 3; i++) expect((await call('VoucherDetail', byCode(unknownCode(70 + i)), guesser)).code).toBe('voucher_not_found');
    expect((await provenCall(byCode(voucher.code), guesser)).code).toBe('voucher_not_found');
    const [hold] = await shop.handle.db.select().from(voucherHolds).where(eq(voucherHolds.voucherId, voucher.id));
    const [wave, ...waves] = await shop.handle.db.select().from(voucherGuessingWaves);
    expect(waves).toEqual([]);
    expect(wave).toMatchObject({ misses: 3 });

    const support = await signedInOperator(shop, 'support@example.cz', 'support');
    const home = await (await support.request('/console')).text();
    expect(home).toMatch(new RegExp(`Voucher ${voucher.code} \\(CZK\\s750 left\\) is on hold: one address found its code after 3 wrong codes`));
    expect(home).toContain('Voucher codes are being guessed: 3 codes have matched no voucher since then');
    expect(home).toContain('1 voucher has been held since');
    expect(home).toContain(`<a href="/console/vouchers/release?hold=${hold!.id}" aria-label="Release voucher ${voucher.code}">Release</a>`);
    expect(home).toContain(`subject=voucher_guessing:${wave!.id}`);
    // The voucher's own page says it is held, with the same way out.
    expect(await (await support.request(`/console/vouchers?code=${voucher.code}`)).text()).toContain(`/console/vouchers/release?hold=${hold!.id}`);

    const fields = await support.hiddenFields(`/console/vouchers/release?hold=${hold!.id}`);
    expect(Object.keys(fields)).toEqual(['hold', 'nonce']);
    const unexplained = await support.submit('/console/vouchers/release', { ...fields, reason: ' ' });
    expect(unexplained.status).toBe(400);
    expect(await unexplained.text()).toContain('Write why (at most 500 characters).');
    expect((await shop.handle.db.select().from(voucherHolds).where(eq(voucherHolds.id, hold!.id)))[0]!.releasedAt).toBeNull();

    const done = await support.submit('/console/vouchers/release', { ...fields, reason: 'The owner wrote from the voucher’s address: it was them.' });
    expect([done.status, done.headers.get('location')]).toEqual([303, `/console/vouchers?code=${voucher.code}&released`]);
    // The same form sent twice acts once; a fresh form for a released hold is refused.
    expect((await support.submit('/console/vouchers/release', { ...fields, reason: 'Sent twice.' })).status).toBe(303);
    expect((await support.submit('/console/vouchers/release', { ...fields, nonce: crypto.randomUUID(), reason: 'Again.' })).status).toBe(409);
    expect((await support.request(`/console/vouchers/release?hold=${hold!.id}`)).status).toBe(409);
    expect(await (await support.request(`/console/vouchers?code=${voucher.code}&released`)).text()).toContain('The hold is released: the voucher&#39;s code works again.');

    const [released] = await shop.handle.db.select().from(voucherHolds).where(eq(voucherHolds.id, hold!.id));
    expect(released).toMatchObject({ releasedBy: 'support@example.cz' });
    expect(released!.releasedAt).toBeInstanceOf(Date);
    const entries = await shop.handle.db.select().from(operatorAudit).where(eq(operatorAudit.action, 'voucher-released'));
    expect(entries.map((e) => ({ subject: e.subject, reason: e.reason, before: e.before }))).toEqual([
      {
        subject: `voucher:${voucher.id}`,
        reason: 'The owner wrote from the voucher’s address: it was them.',
        before: { hold: hold!.id, heldAt: hold!.heldAt.toISOString(), unexplainedMisses: 3 },
      },
    ]);
    const [row] = await shop.handle.db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
    expect(row!.balance).toBe(75_000);

    // Off the list; the wave stays until someone marks it dealt with.
    const after = await (await support.request('/console')).text();
    expect(after).not.toContain(`/console/vouchers/release?hold=`);
    expect(after).toContain('1 voucher has been held since');
    const waveFields = await support.hiddenFields(`/console/attention?subject=voucher_guessing:${wave!.id}`);
    const resolved = await support.submit('/console/attention', { ...waveFields, reason: 'Blocked the network at the firewall.' });
    expect(resolved.status).toBe(303);
    expect(await (await support.request('/console')).text()).not.toContain('Voucher codes are being guessed');

    // The code answers again (a visitor with no misses, proving the wave's work).
    const checked = await provenCall(byCode(voucher.code), '192.0.2.71');
    expect(checked.status).toBe(200);
    expect(checked.body.voucher).toMatchObject({ code: voucher.code, held: false });
  });

  it('lists a hold its owner released no more', async () => {
    const voucher = await giveVoucher(shop, 20_000);
    for (let i = 0; i < 3; i++) await call('VoucherDetail', byCode(unknownCode(80 + i)), '203.0.113.80');
    await provenCall(byCode(voucher.code), '203.0.113.80');
    const support = await signedInOperator(shop, 'support@example.cz', 'support');
    expect(await (await support.request('/console')).text()).toContain(`Voucher ${voucher.code}`);
    expect((await call('VoucherRelease', { productVariant: PRODUCT, voucherId: { id: voucher.id } }, '198.51.100.80')).status).toBe(200);
    expect(await (await support.request('/console')).text()).not.toContain(`Voucher ${voucher.code}`);
  });
});
