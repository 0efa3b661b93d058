import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { operatorAudit } from '@/server/db/schema/operators';
import { addOperator } from '@/server/operators/accounts';
import { SoftwareAuthenticator } from '../support/authenticator';
import { ConsoleBrowser, signedInOperator, tokenOf } from '../support/console-browser';
import { databaseKinds } from '../support/databases';
import { openShop, type Shop } from '../support/shop';

/** An operator sees their own open sessions and ends one: that browser is out at once, the others stay in. */
describe.each(databaseKinds())('an operator’s own sessions, on %s', (kind) => {
  let shop: Shop;
  beforeEach(async () => {
    shop = await openShop(kind);
  });
  afterEach(() => shop.close());

  it('lists the sessions, ends another browser’s once per form with the audit entry, and the own one signs out', async () => {
    const origin = shop.ctx.services.config.console.origin;
    const passkey = new SoftwareAuthenticator();
    const office = new ConsoleBrowser(shop, origin);
    expect((await office.enrol(passkey, tokenOf((await addOperator(shop.ctx.services, 'eva@example.cz', 'support')).link))).status).toBe(200);
    shop.ctx.setNow(new Date(shop.ctx.services.clock.now().getTime() + 60 * 60_000));
    const laptop = new ConsoleBrowser(shop, origin);
    expect((await laptop.signIn(passkey)).response.status).toBe(200);
    const colleague = await signedInOperator(shop, 'karel@example.cz', 'finance');

    const list = await (await laptop.request('/console/sessions')).text();
    const refs = [...list.matchAll(/\/console\/sessions\/end\?session=([0-9a-f]{16})/g)].map((m) => m[1]!);
    expect(refs).toHaveLength(2);
    expect(list.match(/<td>this browser<\/td>/g)).toHaveLength(1);
    // Another operator's session is not theirs to end.
    const foreign = [...(await (await colleague.request('/console/sessions')).text()).matchAll(/session=([0-9a-f]{16})/g)].map((m) => m[1]!);
    expect((await laptop.request(`/console/sessions/end?session=${foreign[0]}`)).status).toBe(409);
    expect((await laptop.submit('/console/sessions/end', { session: foreign[0]!, nonce: crypto.randomUUID(), reason: 'Not mine.' })).status).toBe(409);
    expect((await colleague.request('/console')).status).toBe(200);

    // The office browser (the older session) is ended from the laptop.
    const [officeRef, laptopRef] = refs;
    const confirm = await laptop.request(`/console/sessions/end?session=${officeRef}`);
    expect(await confirm.text()).toContain('The browser of this session is signed out at once');
    const fields = await laptop.hiddenFields(`/console/sessions/end?session=${officeRef}`);
    expect((await laptop.submit('/console/sessions/end', { ...fields, reason: '' })).status).toBe(400);
    const ended = await laptop.submit('/console/sessions/end', { ...fields, reason: 'Left it open in the meeting room.' });
    expect([ended.status, ended.headers.get('location')]).toEqual([303, '/console/sessions?ended']);
    expect((await laptop.submit('/console/sessions/end', { ...fields, reason: 'Twice.' })).status).toBe(303);
    expect((await office.request('/console')).headers.get('location')).toBe('/console/sign-in');
    expect((await laptop.request('/console')).status).toBe(200);
    const entries = await shop.handle.db.select({ reason: operatorAudit.reason, subject: operatorAudit.subject }).from(operatorAudit).where(eq(operatorAudit.action, 'session-ended'));
    expect(entries).toEqual([{ reason: 'Left it open in the meeting room.', subject: `session:${officeRef}` }]);

    // Its own session: the laptop is signed out at once, its cookie cleared.
    const own = await laptop.hiddenFields(`/console/sessions/end?session=${laptopRef}`);
    const out = await laptop.submit('/console/sessions/end', { ...own, reason: 'Done for today.' });
    expect([out.status, out.headers.get('location')]).toEqual([303, '/console/sign-in?signed-out']);
    expect((await laptop.request('/console')).headers.get('location')).toBe('/console/sign-in');
  });
});
