import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SoftwareAuthenticator } from '../support/authenticator';
import { ConsoleBrowser, tokenOf } from '../support/console-browser';
import { databaseKinds } from '../support/databases';
import { openShop, type Shop } from '../support/shop';
import { addOperator } from '@/server/operators/accounts';
import { attacker, solve } from './support';

const TOKEN = 'preprod-sandbox-token-0123456789';

/** The attributes of a Set-Cookie value, as written. */
const attributes = (cookie: string | null | undefined) => (cookie ?? '').split(';').slice(1).map((part) => part.trim());

/**
 * Every cookie the site sets is Secure but in dev and test on plain http: in preprod and prod a
 * TLS proxy in front makes the site itself see plain http, and a cookie without Secure would
 * then also travel over any plain-http request a browser is lured into. Each is asked for over
 * HTTP, as a browser behind that proxy does.
 */
describe.each(databaseKinds())('the site’s cookies, on %s', (kind) => {
  describe.each([
    ['test', {}, false],
    ['preprod', { APP_ENV: 'preprod', SANDBOX: 'on', SANDBOX_ALLOW: 'preprod', SANDBOX_TOKEN: TOKEN }, true],
  ] as const)('in %s', (_name, env, secure) => {
    let shop: Shop;
    beforeAll(async () => {
      shop = await openShop(kind, env);
    });
    afterAll(() => shop.close());

    it('the visitor pass a proof of work earns', async () => {
      const call = attacker(shop);
      const asked = await call('VisitorPass', {}, '198.51.100.61');
      expect(asked.code).toBe('challenge_required');
      const proven = await call('VisitorPass', {}, '198.51.100.61', { 'x-challenge-solution': await solve(asked.headers.get('x-challenge')!) });
      expect(proven.status).toBe(200);
      const [cookie] = proven.headers.getSetCookie();
      expect(cookie).toMatch(/^dzb_pass=/);
      expect(attributes(cookie).includes('Secure')).toBe(secure);
    });

    it('the console’s session, set and cleared', async () => {
      const browser = new ConsoleBrowser(shop, shop.ctx.services.config.console.origin);
      expect(browser.origin).toMatch(/^http:\/\/localhost:\d+$/);
      const enrolled = await browser.enrol(new SoftwareAuthenticator(), tokenOf((await addOperator(shop.ctx.services, `c${kind}${_name}@example.cz`, 'support')).link));
      expect(enrolled.status).toBe(200);
      const set = enrolled.headers.get('set-cookie');
      expect(set).toMatch(/^dzb_console=[\w-]{43}; /);
      expect(attributes(set).includes('Secure')).toBe(secure);
      const out = await browser.request('/console/sign-out', { method: 'POST' });
      expect(out.headers.get('set-cookie')).toMatch(/^dzb_console=; .*Max-Age=0/);
      expect(attributes(out.headers.get('set-cookie')).includes('Secure')).toBe(secure);
    });

    it.runIf(secure)('the sandbox token a tester’s browser gets, though the site itself is asked over http', async () => {
      const res = await shop.http(new Request(`http://preprod.example/sandbox/bank?sandbox_token=${TOKEN}`, { headers: { 'x-forwarded-for': '203.0.113.9' } }));
      expect(res.status).toBe(303);
      expect(attributes(res.headers.get('set-cookie'))).toEqual(['Path=/sandbox', 'HttpOnly', 'SameSite=Lax', 'Secure']);
    });
  });
});
