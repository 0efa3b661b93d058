import 'server-only';
import { eq } from 'drizzle-orm';
import { localizedPath } from '@/lib/i18n/pathnames';
import { orders } from '../db/schema/orders';
import { voucherHolds, voucherRecipients, vouchers } from '../db/schema/vouchers';
import { inTransaction } from '../db/transaction';
import { enqueueMail } from '../notifications/outbox';
import { renderEmail } from '../notifications/templates/render';
import { voucherHeldMail } from '../notifications/templates/voucher-held';
import { orderLinks } from '../orders/voucher/emails';
import type { Services } from '../services';

/**
 * Job `vouchers.mail-held`: the owner of a held voucher (holds.ts) is asked to confirm that it was
 * them who entered the code, from a link to the voucher's own page, which only its e-mails carry.
 * The owner is whom the voucher was mailed to: the buyer of a purchase, the customer of the stay a
 * compensation came from, the recipient finance named. Once per hold (the event key); a hold
 * released meanwhile needs no mail.
 */
export async function mailHeldVoucher(services: Pick<Services, 'clock' | 'config' | 'db' | 'jobs'>, holdId: string): Promise<void> {
  const { db } = await services.db();
  const [row] = await db.select().from(voucherHolds).innerJoin(vouchers, eq(vouchers.id, voucherHolds.voucherId)).where(eq(voucherHolds.id, holdId));
  if (!row || row.voucher_holds.releasedAt) return;
  const voucher = row.vouchers;
  const owner = await ownerOf(services, voucher);
  if (!owner) return;
  const { locale, baseUrl } = orderLinks(services, { id: voucher.id, site: voucher.site, language: owner.language });
  const voucherUrl = `${baseUrl}${localizedPath(locale, '/voucher-status/[id]', { id: voucher.id })}`;
  const mail = await renderEmail(locale, baseUrl, (context) => voucherHeldMail(context, { heldAt: row.voucher_holds.heldAt, voucherUrl }));
  await inTransaction(db, (tx) => enqueueMail(services, tx, { eventKey: `voucher-held:${holdId}`, site: voucher.site, to: owner.email, ...mail }));
}

async function ownerOf(services: Pick<Services, 'db'>, voucher: typeof vouchers.$inferSelect): Promise<{ email: string; language: string } | undefined> {
  const { db } = await services.db();
  if (voucher.source === 'operator') {
    const [recipient] = await db.select().from(voucherRecipients).where(eq(voucherRecipients.voucherId, voucher.id));
    return recipient && { email: recipient.email, language: recipient.language };
  }
  const [order] = await db.select({ customer: orders.customer, language: orders.language }).from(orders).where(eq(orders.id, voucher.sourceOrderId));
  return order && { email: order.customer.email, language: order.language };
}
