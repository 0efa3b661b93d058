import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { operatorAudit, operators, operatorSessions } from '@/server/db/schema/operators';
import { addOperator, disableOperator } from '@/server/operators/accounts';
import { SoftwareAuthenticator } from '../support/authenticator';
import { ConsoleBrowser, tokenOf } from '../support/console-browser';
import { databaseKinds } from '../support/databases';
import { CZECH, CZK, ORDER_FORM, openShop, type Shop } from '../support/shop';

describe.each(databaseKinds())('the operator console, on %s', (kind) => {
  let shop: Shop;
  let browser: ConsoleBrowser;
  beforeEach(async () => {
    shop = await openShop(kind);
    browser = new ConsoleBrowser(shop, shop.ctx.services.config.console.origin);
  });
  afterEach(() => shop.close());

  const auditTrail = async () =>
    (await shop.handle.db.select({ action: operatorAudit.action, email: operators.email }).from(operatorAudit).innerJoin(operators, eq(operators.id, operatorAudit.operatorId)).orderBy(operatorAudit.seq)).map(
      (row) => `${row.email} ${row.action}`,
    );

  it('lets an operator enrol a passkey once from the e-mailed link, sign in and out with it, and records each step', async () => {
    const enrolment = await addOperator(shop.ctx.services, 'Petra@Example.cz', 'support');
    expect((await shop.outbox()).map((mail) => [mail.to, mail.subject])).toEqual([
      ['petra@example.cz', 'Váš přístup do provozní konzole / Your access to the operator console'],
    ]);
    const token = tokenOf(enrolment.link);
    expect(await (await browser.request('/console')).headers.get('location')).toBe('/console/sign-in');

    const page = await browser.request(`/console/enrol?token=${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(page.headers.get('referrer-policy')).toBe('same-origin');
    expect(await page.text()).toContain('petra@example.cz');

    const authenticator = new SoftwareAuthenticator();
    const enrolled = await browser.enrol(authenticator, token);
    expect(enrolled.status).toBe(200);
    expect(enrolled.headers.get('set-cookie')).toMatch(/^dzb_console=[\w-]{43}; Path=\/; Max-Age=28800; HttpOnly; SameSite=Strict$/);
    const home = await browser.request('/console');
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('Signed in as petra@example.cz (support)');

    // The link is spent: its page says so, and a second passkey cannot be made with it.
    expect((await browser.request(`/console/enrol?token=${token}`)).status).toBe(410);
    expect((await browser.request('/console/passkeys/enrol/options', { body: { token } })).status).toBe(400);

    const out = await browser.request('/console/sign-out', { method: 'POST' });
    expect([out.status, out.headers.get('location')]).toEqual([303, '/console/sign-in?signed-out']);
    expect(browser.cookie).toBe('');
    expect((await browser.request('/console')).status).toBe(303);

    const { response } = await browser.signIn(authenticator);
    expect(response.status).toBe(200);
    expect((await browser.request('/console')).status).toBe(200);
    expect(await auditTrail()).toEqual(['petra@example.cz passkey-added', 'petra@example.cz signed-out', 'petra@example.cz signed-in']);
  });

  it('refuses an assertion replayed, made for another origin or site, or from a copied passkey', async () => {
    const authenticator = new SoftwareAuthenticator();
    await browser.enrol(authenticator, tokenOf((await addOperator(shop.ctx.services, 'jan@example.cz', 'finance')).link));
    browser.cookie = '';

    const { response, assertion } = await browser.signIn(authenticator);
    expect(response.status).toBe(200);
    browser.cookie = '';
    const replayed = await browser.request('/console/passkeys/sign-in', { body: { response: assertion } });
    expect(replayed.status).toBe(400);
    expect(((await replayed.json()) as { message: string }).message).toMatch(/^Sign-in did not succeed/);

    expect((await browser.signIn(authenticator, { origin: 'https://phishing.example' })).response.status).toBe(400);
    const elsewhere = new SoftwareAuthenticator();
    elsewhere.create({ challenge: 'x', rp: { id: 'phishing.example', name: 'x' }, user: { id: authenticator.passkeys[0]!.userHandle, name: 'jan' } }, 'https://phishing.example');
    elsewhere.passkeys[0]!.id = authenticator.passkeys[0]!.id;
    expect((await browser.signIn(elsewhere, { passkey: elsewhere.passkeys[0] })).response.status).toBe(400);
    // The authenticator counted 1 before; a copy that says 1 again is not the passkey that signed.
    expect((await browser.signIn(authenticator, { counter: 1 })).response.status).toBe(400);
    expect(browser.cookie).toBe('');
    expect(await auditTrail()).toEqual(['jan@example.cz passkey-added', 'jan@example.cz signed-in']);
  });

  it('takes every way in from a disabled operator, and ends sessions and links when their time is up', async () => {
    const authenticator = new SoftwareAuthenticator();
    await browser.enrol(authenticator, tokenOf((await addOperator(shop.ctx.services, 'eva@example.cz', 'support')).link));
    const late = await addOperator(shop.ctx.services, 'late@example.cz', 'support');

    shop.ctx.setNow(new Date(shop.ctx.services.clock.now().getTime() + 8 * 3_600_000 + 1000));
    expect((await browser.request('/console')).status).toBe(303);
    expect((await browser.request(`/console/enrol?token=${tokenOf(late.link)}`)).status).toBe(200);
    shop.ctx.setNow(new Date(shop.ctx.services.clock.now().getTime() + 16 * 3_600_000));
    expect((await browser.request(`/console/enrol?token=${tokenOf(late.link)}`)).status).toBe(410);

    expect((await browser.signIn(authenticator)).response.status).toBe(200);
    expect((await browser.request('/console')).status).toBe(200);
    await disableOperator(shop.ctx.services, 'eva@example.cz');
    expect((await browser.request('/console')).status).toBe(303);
    browser.cookie = '';
    expect((await browser.signIn(authenticator)).response.status).toBe(400);
    const sessions = await shop.handle.db.select().from(operatorSessions);
    expect(sessions.every((session) => session.revokedAt !== null || session.expiresAt <= shop.ctx.services.clock.now())).toBe(true);
  });

  it('answers only on its own host and only to requests from its own origin', async () => {
    const other = await shop.http(new Request('http://pl.localhost/console/sign-in'));
    expect(other.status).toBe(404);
    const forged = await browser.request('/console/passkeys/sign-in/options', { body: {}, headers: { origin: 'https://attacker.example' } });
    expect(forged.status).toBe(403);
    const bare = await shop.http(new Request(`${browser.origin}/console/sign-out`, { method: 'POST' }));
    expect(bare.status).toBe(403);
    const page = await browser.request('/console/sign-in');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(page.headers.get('cache-control')).toBe('no-store');
  });

  it('limits passkey ceremonies per address', async () => {
    const { max } = shop.ctx.services.config.budgets.consoleSignIns;
    for (let i = 0; i < max; i++) expect((await browser.request('/console/passkeys/sign-in/options', { body: {} })).status).toBe(200);
    const refused = await browser.request('/console/passkeys/sign-in/options', { body: {} });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { message: string }).message).toMatch(/^Too many attempts from this address\. Try again in \d+ minutes?\.$/);
  });

  it('finds an order by its number for a signed-in operator, and for nobody else', async () => {
    const { order } = await shop.ctx.client('cz').voucherOrderCreate({
      productVariant: CZECH,
      voucherValue: CZK(1000),
      paymentRequest: { lastPayment: { methodId: { id: 'transfer' } } },
      order: ORDER_FORM,
    });
    const number = order!.orderNumber;
    expect((await browser.request(`/console/orders?number=${number}`)).headers.get('location')).toBe('/console/sign-in');
    await browser.enrol(new SoftwareAuthenticator(), tokenOf((await addOperator(shop.ctx.services, 'iva@example.cz', 'support')).link));

    const page = await browser.request(`/console/orders?number=${number}`);
    expect(page.status).toBe(200);
    const text = await page.text();
    expect(text).toContain(`<h1>Order ${number}</h1>`);
    expect(text).toContain('Jana Nováková &lt;jana.novakova@example.cz&gt;');
    expect(text).toContain('<td>transfer</td><td>WAITING</td>');
    const missing = await browser.request('/console/orders?number=2026999999');
    expect([missing.status, (await missing.text()).includes('No order has the number 2026999999.')]).toEqual([404, true]);
    expect((await browser.request('/console/orders?number=12%3Cb%3E')).status).toBe(404);
  });

  it('keeps the audit log append-only', async () => {
    await browser.enrol(new SoftwareAuthenticator(), tokenOf((await addOperator(shop.ctx.services, 'ota@example.cz', 'finance')).link));
    const refusal = (statement: ReturnType<typeof sql>) => shop.handle.db.execute(statement).then(() => 'done', (error: Error) => String(error.cause ?? error));
    expect(await refusal(sql`UPDATE operator_audit SET action = 'nothing'`)).toMatch(/operator_audit is append-only/);
    expect(await refusal(sql`DELETE FROM operator_audit`)).toMatch(/operator_audit is append-only/);
    expect(await auditTrail()).toEqual(['ota@example.cz passkey-added']);
  });
});
