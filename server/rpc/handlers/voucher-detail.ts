import type { HandlerContext } from '@connectrpc/connect';
import type { VoucherDetailRequest } from '@/gen/dzb/v1/voucher_pb';
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
    if (lookup.case === 'voucherCode') view = await voucherByCode(services, site, callerOf(context), lookup.value);
    else if (lookup.case === 'voucherId') view = await voucherById(services, site, lookup.value.id);
    else throw new DomainError('voucher_not_found');
    return { voucher: voucher(view, services.clock.now(), services.config.vouchers.expiresSoonDays) };
  };
}
