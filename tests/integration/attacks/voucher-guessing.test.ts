import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mailOutbox } from '@/server/db/schema/mail';
import { voucherHolds, voucherRecipients, vouchers } from '@/server/db/schema/vouchers';
import { used } from '@/server/security/rate-limit';
import { databaseKinds } from '../support/databases';
import { giveVoucher } from '../support/vouchers';
import { CZECH, openShop, ORDER_FORM, type Shop } from '../support/shop';
import { attacker, PRODUCT, passOf, solve, unknownCode, VALUE, workOf } from './support';
import { STEP_UP_WORK } from '@/server/security/step-up';
import { mailHeldVoucher } from '@/server/vouchers/held-mail';

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

  it('charges every code that matches nothing, on every path that takes codes, then steps the address up', async () => {
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

    // Beyond the address's budget the visitor is stepped up, not refused: a short proof, then a pass of their own.
    const asked = await call('VoucherDetail', byCode(unknownCode(110)), client);
    expect(asked.status).toBe(429);
    expect(asked.code).toBe('challenge_required');
    expect(workOf(asked.headers.get('x-challenge')!)).toBe(STEP_UP_WORK);
    const proven = await call('VoucherDetail', byCode(unknownCode(110)), client, { 'x-challenge-solution': await solve(asked.headers.get('x-challenge')!) });
    expect(proven.code).toBe('voucher_not_found');
    const pass = passOf(proven.headers);
    expect(pass).toMatch(/^[0-9a-f-]{36}\.\d+\.[\w-]{43}$/);
    // With the pass the visitor spends a budget of their own: no proof for the next nine misses, then refused.
    for (let i = 0; i < 9; i++) expect((await call('VoucherOrderPreview', voucherPreview([unknownCode(111 + i)]), client, { cookie: `dzb_pass=${pass}` })).status).toBe(200);
    const own = await call('VoucherDetail', byCode(unknownCode(120)), client, { cookie: `dzb_pass=${pass}` });
    expect(own.code).toBe('too_many_requests');
    expect(Number(own.headers.get('retry-after'))).toBeGreaterThan(0);
    // A forged pass is no pass: the address's budget is spent, so a proof is asked again.
    const [visitor, expires] = pass!.split('.');
    expect((await call('VoucherDetail', byCode(unknownCode(121)), client, { cookie: `dzb_pass=${visitor}.${expires}.${'A'.repeat(43)}` })).code).toBe('challenge_required');
    // Another address has its own budget.
    expect((await call('VoucherDetail', byCode(unknownCode(122)), '203.0.113.4')).code).toBe('voucher_not_found');
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
    expect((await call('VoucherDetail', byCode(unknownCode(210)), '2001:db8:1:2:ffff:ffff:ffff:ffff')).code).toBe('challenge_required');
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

  it('lets a visitor with a real code through a proof of work that never grows, and tells the operator once', async () => {
    // Five addresses, one miss each: the whole site-wide budget.
    for (let i = 0; i < 5; i++) expect((await call('VoucherDetail', byCode(unknownCode(300 + i)), `198.51.100.${10 + i}`)).code).toBe('voucher_not_found');
    const alerts = async () => (await shop.handle.db.select().from(mailOutbox)).filter((m) => m.eventKey.startsWith('voucher-guessing:'));
    expect(await alerts()).toHaveLength(0);

    // A new visitor with a real code is asked for work, not refused; the operator hears of it once.
    const voucher = await giveVoucher(shop, 50_000);
    const asked = await call('VoucherDetail', byCode(voucher.code), '192.0.2.7');
    expect(asked.status).toBe(429);
    expect(asked.code).toBe('challenge_required');
    expect(await alerts()).toHaveLength(1);
    expect(shop.ctx.reported.filter((r) => String(r.error).includes('voucher guessing'))).toHaveLength(1);
    const challenge = asked.headers.get('x-challenge')!;
    expect(workOf(challenge)).toBe(STEP_UP_WORK);
    const solution = await solve(challenge);
    const answered = await call('VoucherDetail', byCode(voucher.code), '192.0.2.7', { 'x-challenge-solution': solution });
    expect(answered.status).toBe(200);
    expect((answered.body.voucher as { code: string }).code).toBe(voucher.code);

    // A solution buys one call; a made-up one buys nothing.
    expect((await call('VoucherDetail', byCode(voucher.code), '192.0.2.7', { 'x-challenge-solution': solution })).code).toBe('challenge_required');
    expect((await call('VoucherDetail', byCode(voucher.code), '192.0.2.7', { 'x-challenge-solution': 'eyJmb3JnZWQiOnRydWV9' })).code).toBe('challenge_required');

    // The lockout of old: four free calls of five misses each, then paid guesses. A new visitor's step-up stays where it was.
    for (let i = 0; i < 4; i++) await call('VoucherOrderPreview', voucherPreview([0, 1, 2, 3, 4].map((j) => unknownCode(500 + 5 * i + j))), '192.0.2.66');
    for (let i = 0; i < 3; i++) {
      const guess = await call('VoucherOrderPreview', voucherPreview([0, 1, 2, 3, 4].map((j) => unknownCode(600 + 5 * i + j))), `192.0.2.${70 + i}`);
      const paid = await call('VoucherOrderPreview', voucherPreview([0, 1, 2, 3, 4].map((j) => unknownCode(600 + 5 * i + j))), `192.0.2.${70 + i}`, {
        'x-challenge-solution': await solve(guess.headers.get('x-challenge')!),
      });
      expect(paid.status).toBe(200);
    }
    const next = await call('VoucherDetail', byCode(voucher.code), '192.0.2.9');
    expect(workOf(next.headers.get('x-challenge')!)).toBe(STEP_UP_WORK);
    expect(await alerts()).toHaveLength(1);
  });

  it('lets no more lookups through than the budget, however many ask at once', async () => {
    // A new day: the site-wide window starts empty. 300 guesses from 100 addresses, all at once.
    shop.ctx.setNow(new Date('2026-11-23T10:00:00Z'));
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, i) => call('VoucherDetail', byCode(unknownCode(1000 + i)), `100.64.${Math.floor(i / 3)}.${i % 3}`)),
    );
    const looked = answers.filter((a) => a.code === 'voucher_not_found').length;
    expect(looked).toBe(5);
    // The rest are asked to prove work; on a loaded machine some are shed before the database instead.
    const others = answers.filter((a) => a.code !== 'voucher_not_found');
    expect(others.filter((a) => a.code !== 'challenge_required' && a.code !== 'server_busy')).toEqual([]);
    expect(others.filter((a) => a.code === 'challenge_required').length).toBeGreaterThan(0);
    expect(await used(shop.ctx.services, 'voucherGuessesSiteWide', undefined)).toBe(5);
  });
});

describe.each(databaseKinds())('a voucher found after misses, on %s', (kind) => {
  let shop: Shop;
  let call: ReturnType<typeof attacker>;
  beforeAll(async () => {
    shop = await openShop(kind, { BUDGETS: 'voucherGuessesSiteWide=10/86400,voucherGuesses=100/3600' });
    call = attacker(shop);
  });
  afterAll(() => shop.close());

  /** A voucher finance gave someone (its owner is the recipient), and its holds. */
  async function ownedVoucher(email: string) {
    const voucher = await giveVoucher(shop, 80_000);
    await shop.handle.db.update(vouchers).set({ source: 'operator' }).where(eq(vouchers.id, voucher.id));
    await shop.handle.db.insert(voucherRecipients).values({ voucherId: voucher.id, email, language: 'cs', createdAt: new Date() });
    return voucher;
  }
  const holdsOf = (voucherId: string) => shop.handle.db.select().from(voucherHolds).where(eq(voucherHolds.voucherId, voucherId));
  /** A call that proves its work when asked to, as a guesser's script would. */
  async function provenCall(method: string, body: unknown, client: string) {
    const first = await call(method, body, client);
    if (first.code !== 'challenge_required') return first;
    return call(method, body, client, { 'x-challenge-solution': await solve(first.headers.get('x-challenge')!) });
  }

  it('forgives typing errors and a few stray codes while the site is calm', async () => {
    const voucher = await ownedVoucher('calm@example.cz');
    const typo = `${voucher.code.slice(0, 7)}${(Number(voucher.code[7]) + 1) % 10}`;
    const swapped = `${voucher.code.slice(0, 6)}${voucher.code[7]}${voucher.code[6]}`;
    const client = '198.51.100.200';
    expect((await call('VoucherDetail', byCode(typo), client)).code).toBe('voucher_not_found');
    if (swapped !== voucher.code) expect((await call('VoucherDetail', byCode(swapped), client)).code).toBe('voucher_not_found');
    expect((await call('VoucherDetail', byCode(unknownCode(700)), client)).code).toBe('voucher_not_found');
    const found = await call('VoucherDetail', byCode(voucher.code), client);
    expect(found.status).toBe(200);
    expect(await holdsOf(voucher.id)).toEqual([]);
  });

  it("holds no colleague's voucher for the typing errors of others behind the same address", async () => {
    const office = '198.51.100.210';
    const owned = await Promise.all(Array.from({ length: 5 }, (_, i) => ownedVoucher(`colleague${i}@example.cz`)));
    // Everybody mistypes first, then everybody gets their code right: each finds theirs.
    for (const voucher of owned) {
      const typo = `${(Number(voucher.code[0]) + 1) % 10}${voucher.code.slice(1)}`;
      expect((await call('VoucherDetail', byCode(typo), office)).code).toBe('voucher_not_found');
    }
    for (const voucher of owned) {
      expect((await call('VoucherDetail', byCode(voucher.code), office)).status).toBe(200);
      expect(await holdsOf(voucher.id)).toEqual([]);
    }
  });

  it('holds a code hit after misses no typing error explains: it answers as a miss everywhere until its owner releases it', async () => {
    const voucher = await ownedVoucher('owner@example.cz');
    const guesser = '203.0.113.99';
    // Five random codes in one call, then the real one among others: six misses no typo of it explains.
    expect((await provenCall('VoucherOrderPreview', voucherPreview([0, 1, 2, 3, 4].map((j) => unknownCode(800 + j))), guesser)).status).toBe(200);
    const hit = await provenCall('VoucherOrderPreview', voucherPreview([unknownCode(805), voucher.code]), guesser);
    expect(hit.status).toBe(200);
    const usage = (hit.body.orderPreview as { paymentCalculation: { vouchersUsage: { invalid: { code: string; reason: string }[] } } }).paymentCalculation.vouchersUsage;
    expect(usage.invalid).toEqual([
      { code: unknownCode(805), reason: 'VOUCHER_INVALID_REASON_NOT_FOUND' },
      { code: voucher.code, reason: 'VOUCHER_INVALID_REASON_NOT_FOUND' },
    ]);
    const [held, ...more] = await holdsOf(voucher.id);
    expect(more).toEqual([]);
    expect(held).toMatchObject({ clientKey: guesser, unexplainedMisses: 6, releasedAt: null });
    // Nobody sees it by its code now, not even a visitor without misses; its value is untouched.
    expect((await provenCall('VoucherDetail', byCode(voucher.code), '192.0.2.150')).code).toBe('voucher_not_found');
    const [row] = await shop.handle.db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
    expect(row!.balance).toBe(80_000);

    // The owner is asked, once, without the code in the mail, by a link to the voucher's own page.
    await mailHeldVoucher(shop.ctx.services, held!.id);
    await mailHeldVoucher(shop.ctx.services, held!.id);
    const mails = (await shop.outbox()).filter((m) => m.to === 'owner@example.cz');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).not.toMatch(/\d{4}\s?\d{4}/);
    const [stored] = await shop.handle.db.select().from(mailOutbox).where(eq(mailOutbox.eventKey, `voucher-held:${held!.id}`));
    expect(stored!.text).not.toContain(voucher.code);
    expect(stored!.text).toContain(`/overeni-poukazu/${voucher.id}`);

    // Released by its owner from that page, the code works again for whoever has it.
    expect((await call('VoucherRelease', { productVariant: PRODUCT, voucherId: { id: voucher.id } }, '198.51.100.150')).status).toBe(200);
    expect((await provenCall('VoucherDetail', byCode(voucher.code), '192.0.2.151')).status).toBe(200);
  });

  it('during a guessing wave, holds a hit after a single stray code', async () => {
    // The site's budget of misses is spent by now: every lookup proves its work, and one unexplained miss is one too many.
    const voucher = await ownedVoucher('wave@example.cz');
    expect((await provenCall('VoucherDetail', byCode(unknownCode(900)), '198.51.100.201')).code).toBe('voucher_not_found');
    expect((await provenCall('VoucherDetail', byCode(voucher.code), '198.51.100.201')).code).toBe('voucher_not_found');
    expect(await holdsOf(voucher.id)).toEqual([expect.objectContaining({ clientKey: '198.51.100.201', unexplainedMisses: 1 })]);
  });
});
