import type { HandlerContext } from '@connectrpc/connect';
import type { VoucherDetailRequest } from '@/gen/dzb/v1/voucher_pb';
import { isUuid } from '@/lib/route-params';
import { VARIANTS } from '@/lib/variants';
import { DomainError } from '../../errors';
import type { Services } from '../../services';
import { voucherByCode, voucherById } from '../../vouchers/detail';
import { callerOf, callSiteOf } from '../call-context';
import { voucher } from '../mapping/vouchers';

/** A voucher by its code (the check form, rate-limited) or its id (the e-mailed link). */
export function voucherDetailHandler(services: Services) {
  return async (request: VoucherDetailRequest, context: HandlerContext) => {
    const site = callSiteOf(context.values);
    const lookup = request.lookup;
    let view;
    const currency = VARIANTS[site.variant].currency;
    if (lookup.case === 'voucherCode') view = await voucherByCode(services, callerOf(context), lookup.value, currency);
    else if (lookup.case === 'voucherId' && isUuid(lookup.value.id)) view = await voucherById(services, lookup.value.id);
    // A voucher in another currency is not one this site can show or accept.
    if (!view || view.voucher.currency !== currency) throw new DomainError('voucher_not_found');
    return { voucher: voucher(view, services.clock.now(), services.config.vouchers.expiresSoonDays) };
  };
}
