import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '@/server/db/schema/mail';
import { used } from '@/server/security/rate-limit';
import { databaseKinds } from '../support/databases';
import { giveVoucher } from '../support/vouchers';
import { CZECH, openShop, ORDER_FORM, type Shop } from '../support/shop';
import { attacker, PRODUCT, solve, unknownCode, VALUE, workOf } from './support';

const byCode = (code: string) => ({ productVariant: PRODUCT, voucherCode: code });
const voucherPreview = (codes: string[]) => ({ productVariant: PRODUCT, voucherValue: VALUE, paymentRequest: { voucherCodes: codes, lastPayment: { methodId: { id: 'payment_card' } } } });

describe.each(databaseKinds())('guessing voucher codes, on %s', (kind) => {
  let shop: Shop;
  let call: ReturnType<typeof attacker>;
  beforeAll(async () => {
    shop = await openShop(kind, { BUDGETS: 'voucherGuessesSiteWide=1000/86400' });
    call = attacker(shop);
  });
  afterAll(() => shop.close());

  it('refuses a preview with 60,000 codes, and one with 6, before looking anything up', async () => {
    const codes = Array.from({ length: 60_000 }, (_, i) => unknownCode(i));
    const huge = await call('VoucherOrderPreview', voucherPreview(codes), '203.0.113.1');
    expect(huge.status).toBe(400);
    expect(huge.code).toBe('invalid_argument');
    const six = await call('VoucherOrderPreview', voucherPreview(codes.slice(0, 6)), '203.0.113.1');
    expect(six.status).toBe(400);
    expect(six.code).toBe('too_many_voucher_codes');
    expect(await used(shop.ctx.services, 'voucherGuesses', '203.0.113.1')).toBe(0);
  });

  it('counts one code typed three ways once', async () => {
    const answer = await call('VoucherOrderPreview', voucherPreview(['1234 5678', '12345678', '1234-5678']), '203.0.113.2');
    expect(answer.status).toBe(200);
    const usage = (answer.body.orderPreview as { paymentCalculation: { vouchersUsage: { invalid: unknown[] } } }).paymentCalculation.vouchersUsage;
    expect(usage.invalid).toEqual([{ code: '1234 5678', reason: 'VOUCHER_INVALID_REASON_NOT_FOUND' }]);
    expect(await used(shop.ctx.services, 'voucherGuesses', '203.0.113.2')).toBe(1);
  });

  it('charges every code that matches nothing, on every path that takes codes, then refuses with Retry-After', async () => {
    const client = '203.0.113.3';
    // A hotel preview to re-price with codes (made by someone else, as a shared link would be).
    const availability = await shop.ctx.client('cz', '198.51.100.1').hotelAvailability({
      productVariant: CZECH,
      lookup: { case: 'bySpecification', value: { hotelRequest: { hotelId: { id: '1120301' }, checkIn: '2026-12-14', checkOut: '2026-12-16', rooms: 1, adults: 2 } } },
    });
    const product = availability.hotelAvailability!.rooms.flatMap((r) => r.products).find((p) => p.orderability?.isAvailable && p.fitsOccupancy)!;
    const { previewId } = await shop.ctx.client('cz', '198.51.100.1').hotelOrderPreview({
      productVariant: CZECH,
      lookup: { case: 'bySpecification', value: { availabilityId: availability.availabilityId, productIds: [product.productId!] } },
      paymentRequest: { lastPayment: { methodId: { id: 'payment_card' } } },
    });
    const hotelPayment = (codes: string[]) => ({ voucherCodes: codes, lastPayment: { methodId: { id: 'payment_card' } } });

    expect((await call('VoucherDetail', byCode(unknownCode(100)), client)).code).toBe('voucher_not_found');
    expect((await call('VoucherDetail', byCode(unknownCode(101)), client)).code).toBe('voucher_not_found');
    expect((await call('VoucherOrderPreview', voucherPreview([unknownCode(102), unknownCode(103)]), client)).status).toBe(200);
    expect((await call('HotelOrderPreview', { productVariant: PRODUCT, byId: { previewId }, paymentRequest: hotelPayment([unknownCode(104), unknownCode(105)]) }, client)).status).toBe(200);
    // The creates look codes up while pricing; a method that does not exist then places nothing.
    const noSuchMethod = (codes: string[]) => ({ voucherCodes: codes, lastPayment: { methodId: { id: 'no_such_method' } } });
    expect((await call('VoucherOrderCreate', { productVariant: PRODUCT, voucherValue: VALUE, paymentRequest: noSuchMethod([unknownCode(106), unknownCode(107)]), order: ORDER_FORM }, client)).code).toBe('payment_method_not_found');
    expect((await call('HotelOrderCreate', { productVariant: PRODUCT, previewId, paymentRequest: noSuchMethod([unknownCode(108), unknownCode(109)]), order: ORDER_FORM }, client)).code).toBe('payment_method_not_found');
    expect(await used(shop.ctx.services, 'voucherGuesses', client)).toBe(10);

    const refused = await call('VoucherDetail', byCode(unknownCode(110)), client);
    expect(refused.status).toBe(429);
    expect(refused.code).toBe('too_many_requests');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await call('VoucherOrderPreview', voucherPreview([unknownCode(111)]), client)).code).toBe('too_many_requests');
    // Another address has its own budget.
    expect((await call('VoucherDetail', byCode(unknownCode(112)), '203.0.113.4')).code).toBe('voucher_not_found');
  });

  it('gives back the unit of a code that finds a usable voucher', async () => {
    const voucher = await giveVoucher(shop, 100_000);
    const answer = await call('VoucherDetail', byCode(voucher.code), '203.0.113.5');
    expect(answer.status).toBe(200);
    expect(await used(shop.ctx.services, 'voucherGuesses', '203.0.113.5')).toBe(0);
  });

  it('counts an IPv6 client by its /64 network', async () => {
    for (let i = 0; i < 10; i++) {
      const address = `2001:db8:1:2:${i.toString(16)}::${i + 1}`;
      expect((await call('VoucherDetail', byCode(unknownCode(200 + i)), address)).code).toBe('voucher_not_found');
    }
    expect((await call('VoucherDetail', byCode(unknownCode(210)), '2001:db8:1:2:ffff:ffff:ffff:ffff')).code).toBe('too_many_requests');
    expect((await call('VoucherDetail', byCode(unknownCode(211)), '2001:db8:1:3::1')).code).toBe('voucher_not_found');
  });
});

describe.each(databaseKinds())('when the site-wide budget is spent, on %s', (kind) => {
  let shop: Shop;
  let call: ReturnType<typeof attacker>;
  beforeAll(async () => {
    shop = await openShop(kind, { BUDGETS: 'voucherGuessesSiteWide=5/86400' });
    call = attacker(shop);
  });
  afterAll(() => shop.close());

  it('lets a visitor with a real code through a proof of work, makes each further guess dearer and tells the operator once', async () => {
    // Five addresses, one miss each: the whole site-wide budget.
    for (let i = 0; i < 5; i++) expect((await call('VoucherDetail', byCode(unknownCode(300 + i)), `198.51.100.${10 + i}`)).code).toBe('voucher_not_found');
    const alerts = async () => (await shop.handle.db.select().from(mailOutbox)).filter((m) => m.eventKey.startsWith('voucher-guessing:'));
    expect(await alerts()).toHaveLength(1);
    expect(shop.ctx.reported.filter((r) => String(r.error).includes('voucher guessing'))).toHaveLength(1);

    // A new visitor with a real code is asked for work, not refused.
    const voucher = await giveVoucher(shop, 50_000);
    const asked = await call('VoucherDetail', byCode(voucher.code), '192.0.2.7');
    expect(asked.status).toBe(429);
    expect(asked.code).toBe('challenge_required');
    const challenge = asked.headers.get('x-challenge')!;
    expect(workOf(challenge)).toBe(50_000);
    const solution = await solve(challenge);
    const answered = await call('VoucherDetail', byCode(voucher.code), '192.0.2.7', { 'x-challenge-solution': solution });
    expect(answered.status).toBe(200);
    expect((answered.body.voucher as { code: string }).code).toBe(voucher.code);

    // A solution buys one call; a made-up one buys nothing.
    expect((await call('VoucherDetail', byCode(voucher.code), '192.0.2.7', { 'x-challenge-solution': solution })).code).toBe('challenge_required');
    expect((await call('VoucherDetail', byCode(voucher.code), '192.0.2.7', { 'x-challenge-solution': 'eyJmb3JnZWQiOnRydWV9' })).code).toBe('challenge_required');

    // A guess that pays its way still misses, and makes the next one eight times dearer.
    const guess = await call('VoucherDetail', byCode(unknownCode(400)), '192.0.2.8');
    const spare = (await call('VoucherDetail', byCode(voucher.code), '192.0.2.10')).headers.get('x-challenge')!;
    const paid = await call('VoucherDetail', byCode(unknownCode(400)), '192.0.2.8', { 'x-challenge-solution': await solve(guess.headers.get('x-challenge')!) });
    expect(paid.code).toBe('voucher_not_found');
    const next = await call('VoucherDetail', byCode(voucher.code), '192.0.2.9');
    expect(workOf(next.headers.get('x-challenge')!)).toBe(400_000);
    // A challenge issued before the price went up no longer pays.
    const stale = await call('VoucherDetail', byCode(voucher.code), '192.0.2.10', { 'x-challenge-solution': await solve(spare) });
    expect(stale.code).toBe('challenge_required');
    expect(await alerts()).toHaveLength(1);
  });
});
