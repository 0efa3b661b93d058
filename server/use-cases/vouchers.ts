import 'server-only';
import { voucherFormSchema } from '@/lib/forms/voucher-form';
import { createVoucherOrder } from '../orders/voucher/create';
import { quoteVoucherOrder, type VoucherOrderQuote } from '../orders/voucher/pricing';
import { readOrderOfSite } from '../orders/read';
import { type VoucherOrderView, voucherOrderView } from '../orders/voucher/view';
import type { AmountInput, PaymentRequest } from '../pricing/payment-calculation';
import type { Caller } from '../security/caller';
import type { Services } from '../services';
import type { Site } from '../site';
import { type VoucherDetail, voucherByCode, voucherById } from '../vouchers/detail';
import type { GuessLookups } from '../vouchers/guesses';
import { releaseByOwner } from '../vouchers/owner-release';
import { checkedForm } from './checked-form';

/** Looking vouchers up by code is looking up guesses (budgets, proof of work, the operator's alert). */
export type VoucherLookupPorts = GuessLookups;

/** A voucher by its code (the check form) or its id (the e-mailed link). */
export type VoucherLookup = { by: 'code'; code: string } | { by: 'id'; voucherId: string };

/** VoucherDetail: a voucher of this site as of now; a code is looked up as a guess (server/vouchers/guesses.ts). */
export async function voucherDetail(ports: VoucherLookupPorts, site: Site, caller: Caller, lookup: VoucherLookup): Promise<VoucherDetail> {
  return lookup.by === 'code' ? voucherByCode(ports, site, caller, lookup.code) : voucherById(ports, site, lookup.voucherId);
}

/**
 * VoucherRelease: the owner releases their voucher held after its code was found by guessing,
 * from its page (by id, which only its e-mails carry). Not budgeted: an id is not guessable,
 * and a release that finds nothing held writes nothing.
 */
export async function releaseVoucher(ports: Pick<Services, 'clock' | 'config' | 'db'>, site: Site, voucherId: string): Promise<VoucherDetail> {
  return releaseByOwner(ports, site, voucherId);
}

/** VoucherOrderPreview: prices a voucher purchase (server/orders/voucher/pricing.ts); each costs the caller a unit of previews. */
export async function previewVoucherOrder(
  ports: VoucherLookupPorts,
  site: Site,
  caller: Caller,
  input: { value: AmountInput | undefined; payment: PaymentRequest },
): Promise<VoucherOrderQuote> {
  await ports.budgets.spend('previews', caller);
  return quoteVoucherOrder(ports, site, caller, input.value, input.payment);
}

export type VoucherOrderPorts = Pick<Services, 'budgets' | 'clock' | 'config' | 'db' | 'gateways' | 'jobs' | 'owners' | 'report' | 'wallet'>;

/**
 * VoucherOrderCreate: prices everything again on the server (the browser's numbers are never
 * used; the value and the split first, with their own catalogue codes), checks the form with the
 * browser's schema, places the order and answers it with its payments. Each costs the caller a
 * unit of orders.
 */
export async function placeVoucherOrder(
  ports: VoucherOrderPorts,
  site: Site,
  caller: Caller,
  /** `form`: what the visitor filled in, in the shape of the shared form schema (checked here). */
  input: { value: AmountInput | undefined; payment: PaymentRequest; form: unknown },
): Promise<VoucherOrderView> {
  await ports.budgets.spend('orders', caller);
  const quote = await quoteVoucherOrder(ports, site, caller, input.value, input.payment);
  const form = checkedForm(voucherFormSchema(ports.config.vouchers), input.form);
  const { order } = await createVoucherOrder(ports, site, quote, form.order, form.presentFor, input.payment.agreedCharge);
  return voucherOrderView(ports, await readOrderOfSite(ports, site, order.id));
}
