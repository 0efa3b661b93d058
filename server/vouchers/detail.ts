import 'server-only';
import { readRows, type Statement } from '../db/statements';
import { DomainError } from '../errors';
import type { Services } from '../services';
import { isUuid } from '@/lib/route-params';
import { VARIANTS } from '@/lib/variants';
import { normalizeVoucherCode } from '@/lib/voucher-code';
import type { Caller } from '../security/caller';
import type { Site } from '../site';
import { type VoucherDetail, voucherAsOf } from './state';
import { lookUpGuesses, type GuessLookups } from './guesses';
import { isHeld } from './release-hold';
import { VOUCHER_VIEW_JSON, type VoucherView, voucherViewFromJson } from './view-read';

export type { VoucherSpending, VoucherView } from './view-read';
export type { VoucherDetail } from './state';

const BY_ID: Statement = { name: 'voucher_view_by_id', text: `select ${VOUCHER_VIEW_JSON} as view from vouchers v where v.id = $1` };
const BY_CODE: Statement = { name: 'voucher_view_by_code', text: `select ${VOUCHER_VIEW_JSON} as view from vouchers v where v.code = $1` };

/**
 * A voucher of this site with where it was spent, by its id (the e-mailed link) or by its code
 * (the check form), each in one query. A voucher in another currency is not one the site can
 * show or accept: it is not found. A code is looked up as a guess (guesses.ts): one that matches
 * no usable voucher costs the caller a unit of its budget. A malformed code is
 * invalid_voucher_code without a lookup. Either answers the voucher as of now (its state, days left).
 * By id it also says whether the voucher is held (release-hold.ts): the link is its owner's, who
 * is to release it; by code a held voucher is a miss and never found.
 */
export async function voucherById(services: Pick<Services, 'clock' | 'config' | 'db'>, site: Site, voucherId: string): Promise<VoucherDetail> {
  if (!isUuid(voucherId)) throw new DomainError('voucher_not_found');
  const view = await readView(services, BY_ID, voucherId);
  if (!view || view.voucher.currency !== VARIANTS[site.variant].currency) throw new DomainError('voucher_not_found');
  return { ...asOfNow(services, view), held: await isHeld(services, voucherId) };
}

export async function voucherByCode(services: GuessLookups, site: Site, caller: Caller, code: string): Promise<VoucherDetail> {
  const currency = VARIANTS[site.variant].currency;
  const normalized = normalizeVoucherCode(code);
  if (!normalized) throw new DomainError('invalid_voucher_code');
  const view = await lookUpGuesses(services, caller, [normalized], async (hidden) => {
    const found = hidden.has(normalized) ? undefined : await readView(services, BY_CODE, normalized);
    const shown = found?.voucher.currency === currency ? found : undefined;
    const voucher = shown?.voucher;
    const usable = voucher !== undefined && voucher.active && voucher.balance > 0 && services.clock.now() < voucher.validTo;
    return { result: shown, misses: usable ? 0 : 1, hits: usable ? [{ code: normalized, voucherId: voucher.id }] : [] };
  });
  if (!view) throw new DomainError('voucher_not_found');
  return asOfNow(services, view);
}

function asOfNow(services: Pick<Services, 'clock' | 'config'>, view: VoucherView): VoucherDetail {
  return voucherAsOf(view, services.clock.now(), services.config.vouchers.expiresSoonDays);
}

async function readView(services: Pick<Services, 'db'>, statement: Statement, key: string): Promise<VoucherView | undefined> {
  const [row] = await readRows<{ view: Parameters<typeof voucherViewFromJson>[0] }>(await services.db(), statement, [key]);
  return row && voucherViewFromJson(row.view);
}
