import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { voucherHolds, voucherLedger, vouchers } from '@/server/db/schema/vouchers';
import { attacker, PRODUCT, unknownCode, VALUE } from '../attacks/support';
import { databaseKinds } from '../support/databases';
import { openShop, type Shop } from '../support/shop';
import { giveVoucher } from '../support/vouchers';

const POLISH = { product: 'PRODUCT_DZB_PL', lang: 'LANG_PL', currency: 'CURRENCY_PLN' };
const byCode = (code: string) => ({ productVariant: PRODUCT, voucherCode: code });
const byId = (id: string) => ({ productVariant: PRODUCT, voucherId: { id } });
const release = (id: string, productVariant: unknown = PRODUCT) => ({ productVariant, voucherId: { id } });

interface VoucherJson {
  voucherId: { id: string };
  code: string;
  held: boolean;
  available: { units: string };
}

/**
 * The owner's release of a held voucher (VoucherRelease), through the HTTP API: the hold is made
 * the real way (a client's wrong codes, then its hit), released by the voucher's id, and the code
 * then answers again everywhere, while nothing but the hold changed.
 */
describe.each(databaseKinds())('releasing a held voucher by its owner, on %s', (kind) => {
  let shop: Shop;
  let call: ReturnType<typeof attacker>;
  beforeAll(async () => {
    shop = await openShop(kind);
    call = attacker(shop);
  });
  afterAll(() => shop.close());

  /** The same call on the Polish site's host. */
  async function callPolish(method: string, body: unknown) {
    const res = await shop.http(
      new Request(`http://pl.localhost:3000/api/dzb.v1.ApiService/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'connect-protocol-version': '1', 'x-forwarded-for': '192.0.2.90' },
        body: JSON.stringify(body),
      }),
    );
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  const holdsOf = (voucherId: string) => shop.handle.db.select().from(voucherHolds).where(eq(voucherHolds.voucherId, voucherId));
  /** Everything a release must leave alone: the voucher's row and its ledger. */
  const valueOf = async (voucherId: string) => ({
    voucher: (await shop.handle.db.select().from(vouchers).where(eq(vouchers.id, voucherId)))[0],
    ledger: await shop.handle.db.select().from(voucherLedger).where(eq(voucherLedger.voucherId, voucherId)).orderBy(asc(voucherLedger.id)),
  });

  it('releases once, answers a second release the same, and the code works again', async () => {
    const voucher = await giveVoucher(shop, 120_000);
    const guesser = '203.0.113.40';
    // Three codes no typing error of the real one explains, then the real one: held, answered as a miss.
    for (let i = 0; i < 3; i++) expect((await call('VoucherDetail', byCode(unknownCode(40 + i)), guesser)).code).toBe('voucher_not_found');
    expect((await call('VoucherDetail', byCode(voucher.code), guesser)).code).toBe('voucher_not_found');
    const [hold, ...more] = await holdsOf(voucher.id);
    expect(more).toEqual([]);
    expect(hold).toMatchObject({ clientKey: guesser, unexplainedMisses: 3, releasedAt: null, releasedBy: null });
    expect((await call('VoucherDetail', byCode(voucher.code), '192.0.2.50')).code).toBe('voucher_not_found');
    const before = await valueOf(voucher.id);

    // The owner's link shows the voucher, held.
    const page = await call('VoucherDetail', byId(voucher.id), '198.51.100.60');
    expect(page.status).toBe(200);
    expect(page.body.voucher).toMatchObject({ code: voucher.code, held: true });

    // Unknown ids, a malformed one, and this voucher asked for on the Polish site: not found, nothing released.
    expect((await call('VoucherRelease', release(crypto.randomUUID()), '198.51.100.60')).code).toBe('voucher_not_found');
    expect((await call('VoucherRelease', release('not-a-voucher'), '198.51.100.60')).code).toBe('voucher_not_found');
    expect((await call('VoucherRelease', { productVariant: PRODUCT }, '198.51.100.60')).code).toBe('voucher_not_found');
    const polish = await callPolish('VoucherRelease', release(voucher.id, POLISH));
    expect(polish.status).toBe(404);
    expect(JSON.stringify(polish.body)).not.toContain(voucher.code);
    expect((await holdsOf(voucher.id))[0]).toEqual(hold);

    const released = await call('VoucherRelease', release(voucher.id), '198.51.100.60');
    expect(released.status).toBe(200);
    const answered = released.body.voucher as VoucherJson;
    expect(answered).toMatchObject({ voucherId: { id: voucher.id }, code: voucher.code, held: false, available: { units: '1200' } });
    const [after] = await holdsOf(voucher.id);
    expect(after).toMatchObject({ id: hold!.id, releasedBy: 'owner' });
    expect(after!.releasedAt).toBeInstanceOf(Date);

    // Pressed again (a second tab, a retried request): the same answer, nothing written.
    shop.ctx.setNow(new Date(shop.ctx.services.clock.now().getTime() + 60_000));
    const again = await call('VoucherRelease', release(voucher.id), '198.51.100.60');
    expect(again.status).toBe(200);
    expect(again.body.voucher).toEqual(answered);
    expect(await holdsOf(voucher.id)).toEqual([after]);
    expect(await valueOf(voucher.id)).toEqual(before);

    // The code answers again: the check, the page by id and a purchase preview paying with it.
    const checked = await call('VoucherDetail', byCode(voucher.code), '192.0.2.51');
    expect(checked.status).toBe(200);
    expect(checked.body.voucher).toMatchObject({ code: voucher.code, held: false });
    expect((await call('VoucherDetail', byId(voucher.id), '192.0.2.51')).body.voucher).toMatchObject({ held: false });
    const preview = await call(
      'VoucherOrderPreview',
      { productVariant: PRODUCT, voucherValue: VALUE, paymentRequest: { voucherCodes: [voucher.code], lastPayment: { methodId: { id: 'payment_card' } } } },
      '192.0.2.52',
    );
    expect(preview.status).toBe(200);
    const usage = (preview.body.orderPreview as { paymentCalculation: { vouchersUsage: { invalid: unknown[]; credit: unknown[] } } }).paymentCalculation.vouchersUsage;
    expect(usage.invalid).toEqual([]);
    expect(usage.credit).toHaveLength(1);
    expect(await valueOf(voucher.id)).toEqual(before);
  });

  it('answers a voucher that was never held as it is, writing nothing', async () => {
    const voucher = await giveVoucher(shop, 30_000);
    const answer = await call('VoucherRelease', release(voucher.id), '198.51.100.61');
    expect(answer.status).toBe(200);
    expect(answer.body.voucher).toMatchObject({ code: voucher.code, held: false });
    expect(await holdsOf(voucher.id)).toEqual([]);
  });
});
