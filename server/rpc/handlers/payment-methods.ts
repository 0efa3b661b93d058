import type { HandlerContext } from '@connectrpc/connect';
import type { PaymentMethodsRequest } from '@/gen/dzb/v1/payment_pb';
import { methodsFor } from '../../payments/methods';
import type { Services } from '../../services';
import { callSiteOf } from '../call-context';
import { paymentMethod } from '../mapping/payments';

/** The methods the call's site offers for hotel orders and for voucher purchases. */
export function paymentMethodsHandler(services: Services) {
  return (_request: PaymentMethodsRequest, context: HandlerContext) => {
    const site = callSiteOf(context.values);
    const sellsVouchers = site.variant !== 'pl' || services.config.vouchers.soldOnPolishSite;
    return {
      hotel: methodsFor(site.variant, 'hotel').map(paymentMethod),
      voucher: sellsVouchers ? methodsFor(site.variant, 'voucher').map(paymentMethod) : [],
    };
  };
}
