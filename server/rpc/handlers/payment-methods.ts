import type { HandlerContext } from '@connectrpc/connect';
import type { PaymentMethodsRequest } from '@/gen/dzb/v1/payment_pb';
import { VARIANTS } from '@/lib/variants';
import { sellsVouchers } from '../../orders/voucher/pricing';
import { feeOf, methodsFor } from '../../payments/methods';
import type { Services } from '../../services';
import { callSiteOf } from '../call-context';
import { money } from '../mapping/money';
import { paymentMethod } from '../mapping/payments';

/**
 * The methods the call's site offers for hotel orders and for voucher purchases, with the fee
 * each adds (from the same table the pricing reads), the voucher values the site sells and the
 * price of the cancellation insurance: what a payment step shows before anything is priced.
 */
export function paymentMethodsHandler(services: Services) {
  const { config } = services;
  return (_request: PaymentMethodsRequest, context: HandlerContext) => {
    const site = callSiteOf(context.values);
    const currency = VARIANTS[site.variant].currency;
    const hotel = methodsFor(site.variant, 'hotel');
    const voucher = sellsVouchers(config, site) ? methodsFor(site.variant, 'voucher') : [];
    return {
      hotel: hotel.map(paymentMethod),
      voucher: voucher.map(paymentMethod),
      voucherMinValue: money(config.vouchers.minValue * 100, currency),
      voucherMaxValue: money(config.vouchers.maxValue * 100, currency),
      cancellationInsurancePrice: money(config.booking.insurance[currency], currency),
      feeBasisPoints: Object.fromEntries([...hotel, ...voucher].map((method) => [method.id, feeOf(method, config.payments.configuredFees)])),
    };
  };
}
