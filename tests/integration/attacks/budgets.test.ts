import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/databases';
import { openShop, ORDER_FORM, type Shop } from '../support/shop';
import { STEP_UP_WORK } from '@/server/security/step-up';
import { attacker, passOf, PRODUCT, solve, VALUE, workOf } from './support';

const stay = (hotelId: string, checkIn = '2026-12-14', checkOut = '2026-12-16') => ({
  productVariant: PRODUCT,
  bySpecification: { hotelRequest: { hotelId: { id: hotelId }, checkIn, checkOut, rooms: 1, adults: 2 } },
});

/** One call per budget of the table (server/security/budgets.ts), each spending one unit. */
const CALLS: { budget: string; method: string; body: (i: number) => unknown }[] = [
  { budget: 'linkAnalyses', method: 'HotelParseUrl', body: () => ({ productVariant: PRODUCT, url: 'https://www.booking.com/hotel/cz/vltava-riverside-prague.html' }) },
  { budget: 'availabilityQuestions', method: 'HotelAvailability', body: (i) => stay('1120301', `2026-12-${String(10 + i).padStart(2, '0')}`, '2026-12-24') },
  { budget: 'previews', method: 'VoucherOrderPreview', body: () => ({ productVariant: PRODUCT, voucherValue: VALUE, paymentRequest: { lastPayment: { methodId: { id: 'payment_card' } } } }) },
  { budget: 'orders', method: 'VoucherOrderCreate', body: () => ({ productVariant: PRODUCT, voucherValue: VALUE, paymentRequest: { lastPayment: { methodId: { id: 'no_such_method' } } }, order: ORDER_FORM }) },
  { budget: 'paymentRetries', method: 'PaymentRetry', body: () => ({ productVariant: PRODUCT, orderId: { id: crypto.randomUUID() }, paymentId: { id: crypto.randomUUID() } }) },
  { budget: 'contactMessages', method: 'ContactSend', body: (i) => ({ productVariant: PRODUCT, fullName: 'Jana Nováková', email: 'jana@example.cz', subject: `Dotaz ${i}`, message: 'Dobrý den.' }) },
];

describe.each(databaseKinds())('budgets of expensive calls, on %s', (kind) => {
  let shop: Shop;
  let call: ReturnType<typeof attacker>;
  beforeAll(async () => {
    const budgets = [...CALLS.map((c) => `${c.budget}=2/600`), 'availabilityQuestionsSiteWide=7/60'].join(',');
    shop = await openShop(kind, { BUDGETS: budgets });
    call = attacker(shop);
  });
  afterAll(() => shop.close());

  it.each(CALLS)('$method spends $budget per address, then steps each visitor up to a budget of their own', async ({ method, body }) => {
    const client = `203.0.113.${40 + CALLS.findIndex((c) => c.method === method)}`;
    for (let i = 0; i < 2; i++) expect((await call(method, body(i), client)).status).toBeLessThan(429);
    // The address has spent its budget: the next visitor behind it proves a little work, never is refused.
    const asked = await call(method, body(2), client);
    expect(asked.status).toBe(429);
    expect(asked.code).toBe('challenge_required');
    expect(workOf(asked.headers.get('x-challenge')!)).toBe(STEP_UP_WORK);
    const proven = await call(method, body(2), client, { 'x-challenge-solution': await solve(asked.headers.get('x-challenge')!) });
    expect(proven.status).toBeLessThan(429);
    const pass = passOf(proven.headers)!;
    expect(pass).toBeDefined();
    // That visitor now has the budget's two units of their own (one spent by the proven call), then it is theirs that is spent.
    expect((await call(method, body(3), client, { cookie: `dzb_pass=${pass}` })).status).toBeLessThan(429);
    const spent = await call(method, body(4), client, { cookie: `dzb_pass=${pass}` });
    expect(spent.status).toBe(429);
    expect(spent.code).toBe('too_many_requests');
    expect(Number(spent.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(spent.headers.get('retry-after'))).toBeLessThanOrEqual(3600);
    // A colleague behind the same address still gets through the same way.
    const colleague = await call(method, body(5), client);
    expect(colleague.code).toBe('challenge_required');
    expect((await call(method, body(5), client, { 'x-challenge-solution': await solve(colleague.headers.get('x-challenge')!) })).status).toBeLessThan(429);
    expect((await call(method, body(6), client.replace('203.0.113.', '198.51.100.'))).status).toBeLessThan(429);
  });

  it('charges only availability questions that Booking.com must answer, and the site as a whole too', async () => {
    // A new minute: the site-wide window starts empty.
    shop.ctx.setNow(new Date('2026-11-22T10:01:00Z'));
    for (let i = 0; i < 4; i++) expect((await call('HotelAvailability', stay('1120301', '2026-12-01', '2026-12-03'), '198.51.100.60')).status).toBe(200);
    // Fresh questions from other addresses: the seventh of the minute has spent the site's share of Booking.com,
    // so the eighth proves its work instead of being refused.
    const answers = [];
    for (let i = 0; i < 7; i++) answers.push(await call('HotelAvailability', stay('1120301', '2026-12-05', `2026-12-${String(6 + i).padStart(2, '0')}`), `198.51.100.${61 + i}`));
    expect(answers.map((a) => a.code ?? a.status)).toEqual([200, 200, 200, 200, 200, 200, 'challenge_required']);
    const last = answers[6]!;
    const proven = await call('HotelAvailability', stay('1120301', '2026-12-05', '2026-12-12'), '198.51.100.67', { 'x-challenge-solution': await solve(last.headers.get('x-challenge')!) });
    expect(proven.status).toBe(200);
  });

  it("does not pass one visitor's refusal to another asking the same question at the same moment", async () => {
    shop.ctx.setNow(new Date('2026-11-22T10:03:00Z'));
    const spender = '198.51.100.80';
    for (let i = 0; i < 2; i++) expect((await call('HotelAvailability', stay('1120301', '2027-01-04', `2027-01-${String(6 + i).padStart(2, '0')}`), spender)).status).toBe(200);
    for (let round = 0; round < 5; round++) {
      const question = stay('1120301', '2027-01-10', `2027-01-${12 + round}`);
      const first = call('HotelAvailability', question, spender);
      await new Promise((resolve) => setImmediate(resolve));
      const [spent, other] = await Promise.all([first, call('HotelAvailability', question, `198.51.100.${81 + round}`)]);
      // Whoever asked first, the other visitor gets the answer; the spent address at most its own challenge.
      expect(other.status).toBe(200);
      expect([200, 'challenge_required']).toContain(spent.code ?? spent.status);
    }
  });
});
