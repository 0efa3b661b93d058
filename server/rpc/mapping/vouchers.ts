import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { type VoucherOrderPreview, VoucherOrderPreviewSchema } from '@/gen/dzb/v1/order_pb';
import { type Voucher, VoucherSchema, VoucherState } from '@/gen/dzb/v1/voucher_pb';
import type { VoucherOrderQuote } from '../../orders/voucher/pricing';
import type { VoucherDetail, VoucherState as State } from '../../vouchers/state';
import { money } from './money';
import { paymentCalculation } from './payments';

const STATES: Record<State, VoucherState> = {
  VALID: VoucherState.VALID,
  EXPIRES_SOON: VoucherState.EXPIRES_SOON,
  USED: VoucherState.USED,
  EXPIRED: VoucherState.EXPIRED,
};

export function voucher({ voucher: v, spendings, state, daysLeft, held }: VoucherDetail): Voucher {
  return create(VoucherSchema, {
    voucherId: { id: v.id },
    code: v.code,
    state: STATES[state],
    total: money(v.total, v.currency),
    used: money(v.total - v.balance, v.currency),
    available: money(v.balance, v.currency),
    validFrom: timestampFromDate(v.validFrom),
    validTo: timestampFromDate(v.validTo),
    purchasedAsGift: v.purchasedAsGift,
    daysLeft,
    held: held ?? false,
    spendings: spendings.map((s) => ({
      orderNumber: s.orderNumber,
      orderDate: timestampFromDate(s.orderDate),
      orderTotal: money(s.orderTotal, v.currency),
      voucherUsage: money(s.amount, v.currency),
    })),
  });
}

export function voucherOrderPreview(quote: VoucherOrderQuote): VoucherOrderPreview {
  const { price } = quote.calculation;
  return create(VoucherOrderPreviewSchema, {
    voucherValue: money(quote.voucherValue, quote.currency),
    paymentCalculation: paymentCalculation(quote.calculation, quote.currency),
    price: {
      base: money(price.base, quote.currency),
      bonus: money(price.bonus, quote.currency),
      serviceFee: money(price.serviceFee, quote.currency),
      total: money(price.total, quote.currency),
    },
  });
}
