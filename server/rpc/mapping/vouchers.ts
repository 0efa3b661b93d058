import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { type Voucher, VoucherSchema, VoucherState } from '@/gen/dzb/v1/voucher_pb';
import type { VoucherView } from '../../vouchers/detail';
import { daysLeft, type VoucherState as State, voucherState } from '../../vouchers/state';
import { money } from './money';

const STATES: Record<State, VoucherState> = {
  VALID: VoucherState.VALID,
  EXPIRES_SOON: VoucherState.EXPIRES_SOON,
  USED: VoucherState.USED,
  EXPIRED: VoucherState.EXPIRED,
};

export function voucher({ voucher: v, spendings }: VoucherView, now: Date, expiresSoonDays: number): Voucher {
  return create(VoucherSchema, {
    voucherId: { id: v.id },
    code: v.code,
    state: STATES[voucherState(v, now, expiresSoonDays)],
    total: money(v.total, v.currency),
    used: money(v.total - v.balance, v.currency),
    available: money(v.balance, v.currency),
    validFrom: timestampFromDate(v.validFrom),
    validTo: timestampFromDate(v.validTo),
    purchasedAsGift: v.purchasedAsGift,
    daysLeft: daysLeft(v.validTo, now),
    spendings: spendings.map((s) => ({
      orderNumber: s.orderNumber,
      orderDate: timestampFromDate(s.orderDate),
      orderTotal: money(s.orderTotal, v.currency),
      voucherUsage: money(s.amount, v.currency),
    })),
  });
}
