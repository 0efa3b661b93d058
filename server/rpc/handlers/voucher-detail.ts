import type { HandlerContext } from '@connectrpc/connect';
import type { VoucherDetailRequest, VoucherReleaseRequest } from '@/gen/dzb/v1/voucher_pb';
import { DomainError } from '../../errors';
import type { Services } from '../../services';
import { releaseVoucher, voucherDetail, type VoucherLookup, type VoucherLookupPorts } from '../../use-cases/vouchers';
import { callerOf, callSiteOf } from '../call-context';
import { voucher } from '../mapping/vouchers';

/** VoucherDetail: a code (the check form) or an id (the e-mailed link) → voucherDetail → the voucher. */
export function voucherDetailHandler(ports: VoucherLookupPorts) {
  return async (request: VoucherDetailRequest, context: HandlerContext) => {
    return { voucher: voucher(await voucherDetail(ports, callSiteOf(context.values), callerOf(context), lookupOf(request))) };
  };
}

/** VoucherRelease: the voucher id → releaseVoucher → the voucher, held no more. */
export function voucherReleaseHandler(ports: Pick<Services, 'clock' | 'config' | 'db'>) {
  return async (request: VoucherReleaseRequest, context: HandlerContext) => {
    return { voucher: voucher(await releaseVoucher(ports, callSiteOf(context.values), request.voucherId?.id ?? '')) };
  };
}

function lookupOf({ lookup }: VoucherDetailRequest): VoucherLookup {
  if (lookup.case === 'voucherCode') return { by: 'code', code: lookup.value };
  if (lookup.case === 'voucherId') return { by: 'id', voucherId: lookup.value.id };
  throw new DomainError('voucher_not_found');
}
