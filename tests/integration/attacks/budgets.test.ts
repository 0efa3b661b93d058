import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/databases';
import { openShop, ORDER_FORM, type Shop } from '../support/shop';
import { attacker, PRODUCT, VALUE } from './support';

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
    const budgets = [...CALLS.map((c) => `${c.budget}=2/600`), 'availabilityQuestionsSiteWide=5/60'].join(',');
    shop = await openShop(kind, { BUDGETS: budgets });
    call = attacker(shop);
  });
  afterAll(() => shop.close());

  it.each(CALLS)('$method spends $budget per client, then answers too_many_requests with Retry-After', async ({ method, body }) => {
    const client = `203.0.113.${40 + CALLS.findIndex((c) => c.method === method)}`;
    for (let i = 0; i < 2; i++) expect((await call(method, body(i), client)).status).toBeLessThan(429);
    const refused = await call(method, body(2), client);
    expect(refused.status).toBe(429);
    expect(refused.code).toBe('too_many_requests');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(600);
    expect((await call(method, body(3), `${client}1`)).status).toBeLessThan(429);
  });

  it('charges only availability questions that Booking.com must answer, and the site as a whole too', async () => {
    // A new minute: the site-wide window starts empty.
    shop.ctx.setNow(new Date('2026-11-22T10:01:00Z'));
    for (let i = 0; i < 4; i++) expect((await call('HotelAvailability', stay('1120301', '2026-12-01', '2026-12-03'), '198.51.100.60')).status).toBe(200);
    // Fresh questions from other addresses: the fifth of the minute spends the site's share of Booking.com.
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await call('HotelAvailability', stay('1120301', '2026-12-05', `2026-12-${String(6 + i).padStart(2, '0')}`), `198.51.100.${61 + i}`));
    expect(answers.map((a) => a.code ?? a.status)).toEqual([200, 200, 200, 200, 'too_many_requests']);
  });
});
