import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox } from '@/server/db/schema/mail';
import { vouchers } from '@/server/db/schema/vouchers';
import { deliverMail } from '@/server/notifications/deliver';
import { issuePurchasedVoucher } from '@/server/orders/voucher/issue';
import { importBankTransfers } from '@/server/payments/bank-import';
import { databaseKinds } from './support/databases';
import { CZECH, CZK, openShop, ORDER_FORM, type Shop } from './support/shop';

/**
 * The site's mail goes over SMTP (nodemailer) to the sandbox's mail server, which keeps what it
 * received for /sandbox/mail: the real delivery path, read back from the receiving side.
 */
describe.each(databaseKinds())('mail through the sandbox mail server, on %s', (kind) => {
  let shop: Shop;
  beforeEach(async () => {
    shop = await openShop(kind);
  });
  afterEach(() => shop.close());

  it('receives each message the site sends, once, with its Message-ID, bodies and attachments', async () => {
    const api = shop.ctx.client('cz');
    const { order } = await api.voucherOrderCreate({ productVariant: CZECH, voucherValue: CZK(2000), paymentRequest: { lastPayment: { methodId: { id: 'transfer' } } }, order: ORDER_FORM });
    await shop.transfer(order!.payments[0]!.bankTransfer!.variableSymbol, 200_000);
    await importBankTransfers(shop.ctx.services);
    await issuePurchasedVoucher(shop.ctx.services, order!.orderId!.id);
    expect(await shop.mailbox()).toEqual([]);

    const queued = await shop.handle.db.select().from(mailOutbox);
    for (const mail of queued) {
      await deliverMail(shop.ctx.services, mail.id);
      // Delivered mail is never sent again.
      await deliverMail(shop.ctx.services, mail.id);
    }
    const received = await shop.mailbox();
    expect(received).toHaveLength(queued.length);
    const [voucher] = await shop.handle.db.select().from(vouchers);
    const voucherMail = received.find((m) => m.messageId?.includes(encodeURIComponent(`voucher-issued:${voucher!.id}`)));
    expect(voucherMail).toMatchObject({ to: 'jana.novakova@example.cz', attachments: [expect.objectContaining({ fileName: `voucher-${voucher!.code}.pdf`, contentType: 'application/pdf' })] });
    expect(voucherMail!.text).toContain(voucher!.code);
    expect(voucherMail!.html).toContain('<');

    const pdf = await fetch(`${shop.sandbox.url}${voucherMail!.attachments[0]!.url}`);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const page = await (await fetch(`${shop.sandbox.url}/sandbox/mail/${voucherMail!.id}`)).text();
    expect(page).toContain(`voucher-${voucher!.code}.pdf`);
  });
});
