import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attacker, PRODUCT, unknownCode } from './attacks/support';
import { databaseKinds } from './support/databases';
import { openShop, type Shop } from './support/shop';

const TOKEN = 'metrics-token-of-the-test-0123456789';

describe.each(databaseKinds())('metrics for operators, on %s', (kind) => {
  let shop: Shop;
  let call: ReturnType<typeof attacker>;
  beforeAll(async () => {
    shop = await openShop(kind, { METRICS_TOKEN: TOKEN, BUDGETS: 'voucherGuesses=2/3600' });
    call = attacker(shop);
  });
  afterAll(() => shop.close());

  const scrape = (headers: Record<string, string> = {}, host = 'localhost:3000') =>
    shop.http(new Request(`http://${host}/console/metrics`, { headers: { host, ...headers } }));

  it('are served to a scraper with the token, and to nobody else', async () => {
    expect((await scrape()).status).toBe(401);
    expect((await scrape()).headers.get('www-authenticate')).toBe('Bearer realm="console"');
    expect((await scrape({ authorization: `Bearer ${TOKEN.slice(0, -1)}x` })).status).toBe(401);
    // Without the token only the console's host knows the path; with it, each replica is scraped by its own address.
    expect((await scrape({}, 'pl.localhost:3000')).status).toBe(404);
    expect((await scrape({ authorization: `Bearer ${TOKEN}` }, '10.0.0.7:3000')).status).toBe(200);
    const answer = await scrape({ authorization: `Bearer ${TOKEN}` });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  it('count requests by route and status, what budgets answered, the queues and the outbox', async () => {
    const client = '203.0.113.170';
    for (let i = 0; i < 3; i++) await call('VoucherDetail', { productVariant: PRODUCT, voucherCode: unknownCode(i) }, client);
    await shop.http(new Request('http://localhost:3000/healthz', { headers: { host: 'localhost:3000' } }));
    const text = await (await scrape({ authorization: `Bearer ${TOKEN}` })).text();
    expect(value(text, 'dzb_budget_units_total{budget="voucherGuesses",outcome="within"}')).toBe(2);
    expect(value(text, 'dzb_budget_units_total{budget="voucherGuesses",outcome="challenged"}')).toBe(1);
    expect(value(text, 'dzb_http_requests_total{route="api",status="4xx"}')).toBeGreaterThanOrEqual(3);
    expect(value(text, 'dzb_http_requests_total{route="health",status="2xx"}')).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/^dzb_job_lag_seconds\{queue="mail\.send"\} \d/m);
    expect(text).toMatch(/^dzb_mail_outbox\{measure="queued"\} \d+$/m);
    expect(text).toMatch(/^dzb_process_resident_memory_bytes \d+/m);
    if (kind === 'postgres') expect(text).toMatch(/^dzb_db_pool_connections\{state="waiting"\} \d+$/m);
  });
});

/** The value of one sample line of a Prometheus text answer. */
function value(text: string, sample: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${sample} `));
  return line === undefined ? 0 : Number(line.slice(sample.length + 1));
}
