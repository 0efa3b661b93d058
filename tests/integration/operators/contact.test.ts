import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { contactMessages as contactTable } from '@/server/db/schema/contact';
import { operatorAudit } from '@/server/db/schema/operators';
import { type ConsoleBrowser, signedInOperator } from '../support/console-browser';
import { databaseKinds } from '../support/databases';
import { CZECH, openShop, type Shop } from '../support/shop';

const MESSAGE = { productVariant: CZECH, fullName: 'Jana Nováková', email: 'jana@example.cz', message: 'Dobrý den,\nplatí poukaz i na Slovensku?' };

describe.each(databaseKinds())('contact messages in the console, on %s', (kind) => {
  let shop: Shop;
  let support: ConsoleBrowser;
  beforeEach(async () => {
    shop = await openShop(kind);
    support = await signedInOperator(shop, 'support@example.cz', 'support');
  });
  afterEach(() => shop.close());

  const subjects = (page: string) => [...page.matchAll(/<h2 id="message-[^"]+">([^<]+)<\/h2>/g)].map((m) => m[1]);

  it('lists the messages, new ones first, and marks one answered once, with the note', async () => {
    await shop.ctx.client('cz').contactSend({ ...MESSAGE, subject: 'Platí poukaz na Slovensku?' });
    shop.ctx.setNow(new Date(shop.ctx.services.clock.now().getTime() + 60_000));
    await shop.ctx.client('cz').contactSend({ ...MESSAGE, subject: 'Změna termínu' });
    const page = await (await support.request('/console/messages')).text();
    expect(subjects(page)).toEqual(['Změna termínu', 'Platí poukaz na Slovensku?']);
    expect(page).toContain('Dobrý den,\nplatí poukaz i na Slovensku?');

    const [first] = await shop.handle.db.select().from(contactTable).where(eq(contactTable.subject, 'Změna termínu'));
    const marked = await support.submit('/console/messages', { message: first!.id, note: 'Answered by e-mail: a new date is possible.' });
    expect([marked.status, marked.headers.get('location')]).toEqual([303, '/console/messages?marked']);
    const after = await (await support.request('/console/messages?marked')).text();
    expect(after).toContain('Marked answered.');
    expect(subjects(after)).toEqual(['Platí poukaz na Slovensku?', 'Změna termínu']);
    expect(after).toMatch(/Answered by support@example\.cz, [^<]+ [AP]M: Answered by e-mail: a new date is possible\./);

    expect((await support.submit('/console/messages', { message: first!.id, note: 'again' })).status).toBe(409);
    expect((await support.submit('/console/messages', { message: crypto.randomUUID(), note: '' })).status).toBe(409);
    expect(await shop.handle.db.select({ subject: operatorAudit.subject }).from(operatorAudit).where(eq(operatorAudit.action, 'contact-answered'))).toEqual([
      { subject: `contact:${first!.id}` },
    ]);
    support.cookie = '';
    expect((await support.request('/console/messages')).headers.get('location')).toBe('/console/sign-in');
  });
});
