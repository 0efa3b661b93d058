import { ConnectError } from '@connectrpc/connect';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorDetailSchema } from '@/gen/dzb/v1/common_pb';
import { BUDGETS } from '@/server/security/budgets';
import { databaseKinds } from './support/databases';
import { CZECH, openShop, type Shop } from './support/shop';

const MESSAGE = { productVariant: CZECH, fullName: 'Jana Nováková', email: 'jana@example.cz', subject: 'Dotaz k poukazu', message: 'Dobrý den,\nplatí poukaz i na Slovensku?' };

async function code(call: Promise<unknown>) {
  try {
    await call;
    return 'ok';
  } catch (error) {
    return ConnectError.from(error).findDetails(ErrorDetailSchema)[0]?.code;
  }
}

describe.each(databaseKinds())('the contact form, on %s', (kind) => {
  let shop: Shop;
  beforeEach(async () => {
    shop = await openShop(kind);
  });
  afterEach(() => shop.close());

  it('stores the message and queues it for support with the sender as reply-to', async () => {
    await shop.ctx.client('cz').contactSend(MESSAGE);
    const rows = await shop.handle.db.execute(sql`SELECT m.to_address, m.reply_to, m.subject, c.message FROM mail_outbox m, contact_messages c`);
    expect((rows as unknown as { rows: unknown[] }).rows).toEqual([
      { to_address: 'info@dovolena-za-benefity.cz', reply_to: 'jana@example.cz', subject: '[Dovolená za benefity] Kontaktní formulář: Dotaz k poukazu', message: MESSAGE.message },
    ]);
  });

  it.each([
    ['an invalid e-mail', { email: 'jana@' }],
    ['an empty message', { message: '   ' }],
    ['a subject with a line break (header injection)', { subject: 'Hi\r\nBcc: everyone@example.com' }],
    ['a message over 5000 characters', { message: 'x'.repeat(5001) }],
  ])('refuses %s and stores nothing', async (_, change) => {
    expect(await code(shop.ctx.client('cz').contactSend({ ...MESSAGE, ...change }))).toBe('invalid_request');
    const rows = await shop.handle.db.execute(sql`SELECT count(*)::int AS n FROM contact_messages`);
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });

  it('accepts and drops a message whose honeypot is filled', async () => {
    expect(await code(shop.ctx.client('cz').contactSend({ ...MESSAGE, website: 'http://spam.example' }))).toBe('ok');
    const rows = await shop.handle.db.execute(sql`SELECT count(*)::int AS n FROM contact_messages`);
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });

  it('limits messages per address', async () => {
    const api = shop.ctx.client('cz', '203.0.113.80');
    for (let i = 0; i < BUDGETS.contactMessages.max; i++) expect(await code(api.contactSend(MESSAGE))).toBe('ok');
    // Beyond it the sender must prove a little work first (a browser does it by itself); this caller cannot.
    expect(await code(api.contactSend(MESSAGE))).toBe('challenge_required');
  });
});
