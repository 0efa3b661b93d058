import 'server-only';
import { inTransaction } from '../db/transaction';
import type { Services } from '../services';
import type { Site } from '../site';
import { type VoucherDetail, voucherById } from './detail';
import { releaseHold } from './release-hold';

/**
 * The owner releases their held voucher from its own page, which only the voucher's e-mails link
 * to (the id is the key; no code is needed or told). A voucher this site cannot show is not found,
 * as on the page; one not held is answered as it is, so a second press changes nothing. Answers
 * the voucher as of now, its code working again.
 */
export async function releaseByOwner(services: Pick<Services, 'clock' | 'config' | 'db'>, site: Site, voucherId: string): Promise<VoucherDetail> {
  const before = await voucherById(services, site, voucherId);
  if (!before.held) return before;
  const { db } = await services.db();
  await inTransaction(db, (tx) => releaseHold(services, tx, { voucherId }, { by: 'owner' }));
  return voucherById(services, site, voucherId);
}
