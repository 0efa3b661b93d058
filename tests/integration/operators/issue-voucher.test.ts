import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mailAttachments, mailOutbox } from '@/server/db/schema/mail';
import { operatorAudit } from '@/server/db/schema/operators';
import { voucherLedger, voucherRecipients, vouchers } from '@/server/db/schema/vouchers';
import { mailGivenVoucher } from '@/server/operators/given-voucher-mail';
import { pdfText } from '../../support/pdf-text';
import { signedInOperator } from '../support/console-browser';
import { databaseKinds } from '../support/databases';
import { openShop, type Shop } from '../support/shop';

/**
 * Finance issues a voucher from the console: checked against the site's bounds, shown once more
 * before it exists, issued once per form with its audit entry, and e-mailed with its PDF in the
 * recipient's language through the outbox; support may not.
 */
describe.each(databaseKinds())('a voucher issued in the console, on %s', (kind) => {
  let shop: Shop;
  beforeEach(async () => {
    shop = await openShop(kind);
  });
  afterEach(() => shop.close());

  const operatorVouchers = () => shop.handle.db.select().from(vouchers).where(eq(vouchers.source, 'operator'));
  const mailsTo = async (to: string) => {
    const rows = await shop.handle.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to));
    return Promise.all(rows.map(async (row) => ({ ...row, attachments: await shop.handle.db.select().from(mailAttachments).where(eq(mailAttachments.mailId, row.id)) })));
  };

  it('checks, shows, issues once and e-mails a Polish voucher in Polish; support may not', async () => {
    const support = await signedInOperator(shop, 'support@example.cz', 'support');
    expect(await (await support.request('/console')).text()).not.toContain('/console/vouchers/issue');
    expect((await support.request('/console/vouchers/issue')).status).toBe(403);
    const wanted = { target: 'pl:pl', value: '750,50', months: '6', email: 'ola.kowalska@example.pl' };
    expect((await support.submit('/console/vouchers/review', wanted)).status).toBe(403);
    expect((await support.submit('/console/vouchers/issue', { target: 'pl:pl', value: '75050', months: '6', email: wanted.email, nonce: crypto.randomUUID(), reason: 'Goodwill.' })).status).toBe(403);
    expect(await operatorVouchers()).toEqual([]);

    const finance = await signedInOperator(shop, 'finance@example.cz', 'finance');
    const form = await (await finance.request('/console/vouchers/issue')).text();
    expect(form).toContain('<option value="pl:en">Wakacje za benefity (PLN), English</option>');
    expect(form).toContain('In the site&#39;s currency, from 500 to 50000');
    const wrong: [Record<string, string>, string][] = [
      [{ value: '499,99' }, 'Write a value from 500 to 50000'],
      [{ value: '50000,01' }, 'Write a value from 500 to 50000'],
      [{ value: '7 5 0 x' }, 'Write a value from 500 to 50000'],
      [{ months: '0' }, 'Write a whole number of months from 1 to 36.'],
      [{ months: '37' }, 'Write a whole number of months from 1 to 36.'],
      [{ months: '6.5' }, 'Write a whole number of months from 1 to 36.'],
      [{ email: 'ola@' }, 'Write the recipient&#39;s e-mail address'],
      [{ target: 'cz:en' }, 'Choose a site and language from the list.'],
    ];
    for (const [change, problem] of wrong) {
      const answer = await finance.submit('/console/vouchers/review', { ...wanted, ...change });
      expect([answer.status, (await answer.text()).includes(problem)]).toEqual([400, true]);
    }
    const review = await finance.submit('/console/vouchers/review', wanted);
    const shown = await review.text();
    expect(review.status).toBe(200);
    expect(shown).toContain('<h1>Issue this voucher?</h1>');
    expect(shown).toMatch(/<dd class="amount">PLN\s750\.50<\/dd>/);
    expect(shown).toContain('e-mails it with its PDF to ola.kowalska@example.pl in Polish');
    const fields = Object.fromEntries([...shown.matchAll(/<input type="hidden" name="(\w+)" value="([^"]+)">/g)].map((m) => [m[1]!, m[2]!]));
    expect(fields).toEqual({ target: 'pl:pl', value: '75050', months: '6', email: wanted.email, nonce: expect.any(String) });
    expect(await operatorVouchers()).toEqual([]);

    expect((await finance.submit('/console/vouchers/issue', { ...fields, reason: ' ' })).status).toBe(400);
    const issued = await finance.submit('/console/vouchers/issue', { ...fields, reason: 'Compensation for the closed spa, order 2026000042.' });
    expect(issued.status).toBe(303);
    const again = await finance.submit('/console/vouchers/issue', { ...fields, reason: 'Sent twice.' });
    expect(again.headers.get('location')).toBe(issued.headers.get('location'));
    const [voucher, ...more] = await operatorVouchers();
    expect(more).toEqual([]);
    expect(issued.headers.get('location')).toBe(`/console/vouchers?code=${voucher!.code}&issued`);
    expect(voucher).toMatchObject({ total: 75_050, balance: 75_050, currency: 'PLN', site: 'pl', active: true });
    expect(voucher!.validTo).toEqual(new Date(new Date(voucher!.validFrom).setUTCMonth(voucher!.validFrom.getUTCMonth() + 6)));
    expect(await shop.handle.db.select({ kind: voucherLedger.kind, amount: voucherLedger.amount, orderId: voucherLedger.orderId }).from(voucherLedger).where(eq(voucherLedger.voucherId, voucher!.id))).toEqual([
      { kind: 'issue', amount: 75_050, orderId: null },
    ]);
    expect(await shop.handle.db.select({ email: voucherRecipients.email, language: voucherRecipients.language }).from(voucherRecipients)).toEqual([{ email: wanted.email, language: 'pl' }]);
    const audit = await shop.handle.db.select({ reason: operatorAudit.reason, subject: operatorAudit.subject, after: operatorAudit.after }).from(operatorAudit).where(eq(operatorAudit.action, 'voucher-issued'));
    expect(audit).toEqual([{ reason: 'Compensation for the closed spa, order 2026000042.', subject: `voucher:${voucher!.id}`, after: expect.objectContaining({ value: 75_050, currency: 'PLN', email: wanted.email }) }]);
    const jobs = (await shop.handle.db.execute(sql`SELECT count(*) AS n FROM pgboss.job WHERE name = 'vouchers.mail-given' AND data->>'voucherId' = ${voucher!.id}`)) as unknown as { rows: { n: number | string }[] };
    expect(Number(jobs.rows[0]!.n)).toBe(1);

    const page = await (await finance.request(issued.headers.get('location')!)).text();
    expect(page).toContain('Voucher issued: it is on its way to ola.kowalska@example.pl.');
    expect(page).toContain('issued in the console for ola.kowalska@example.pl');
    const log = await (await support.request('/console/audit')).text();
    expect(log).toContain(`<td>voucher-issued</td><td><a href="/console/vouchers?code=${voucher!.code}">voucher ${voucher!.code}</a></td><td>Compensation for the closed spa, order 2026000042.</td>`);

    // The worker's job: the e-mail in Polish with the PDF, once however often it runs.
    await mailGivenVoucher(shop.ctx.services, voucher!.id);
    await mailGivenVoucher(shop.ctx.services, voucher!.id);
    const [mail, ...twice] = await mailsTo(wanted.email);
    expect(twice).toEqual([]);
    expect(mail).toMatchObject({ eventKey: `voucher-issued:${voucher!.id}`, subject: 'Voucher podarunkowy dla Ciebie', site: 'pl' });
    expect(mail!.text).toContain('Dzień dobry,');
    expect(mail!.text).toMatch(/przesyłamy Ci voucher podarunkowy o wartości 750,50\szł/);
    expect(mail!.text).toContain('Wakacje za benefity');
    expect(mail!.attachments.map((a) => a.fileName)).toEqual([`voucher-${voucher!.code}.pdf`]);
    const pdf = pdfText(Buffer.from(mail!.attachments[0]!.content));
    expect(pdf).toContain('Voucher podarunkowy');
    expect(pdf.replace(/\s+/g, ' ')).toContain(`${voucher!.code.slice(0, 4)} ${voucher!.code.slice(4)}`);
  });

  it('writes the e-mail and the PDF in English or Czech as chosen', async () => {
    const finance = await signedInOperator(shop, 'finance@example.cz', 'finance');
    for (const [target, email] of [
      ['pl:en', 'sam.taylor@example.com'],
      ['cz:cs', 'petr.novy@example.cz'],
    ] as const) {
      const shown = await (await finance.submit('/console/vouchers/review', { target, value: '1000', months: '12', email })).text();
      const fields = Object.fromEntries([...shown.matchAll(/<input type="hidden" name="(\w+)" value="([^"]+)">/g)].map((m) => [m[1]!, m[2]!]));
      expect((await finance.submit('/console/vouchers/issue', { ...fields, reason: 'A lost voucher replaced.' })).status).toBe(303);
    }
    for (const voucher of await operatorVouchers()) await mailGivenVoucher(shop.ctx.services, voucher.id);
    const [english] = await mailsTo('sam.taylor@example.com');
    expect(english!.subject).toBe('A gift voucher for you');
    expect(english!.text).toMatch(/We are sending you a gift voucher worth PLN\s1,000, which you can use/);
    expect(pdfText(Buffer.from(english!.attachments[0]!.content))).toContain('Gift voucher');
    const [czech] = await mailsTo('petr.novy@example.cz');
    expect(czech!.subject).toBe('Posíláme vám dárkový poukaz');
    expect(czech!.text).toMatch(/posíláme vám dárkový poukaz v hodnotě 1\s000\sKč, který/);
    expect(pdfText(Buffer.from(czech!.attachments[0]!.content))).toContain('Dárkový poukaz');
  });
});
