import type { HandlerContext } from '@connectrpc/connect';
import type { PaymentMethodsRequest } from '@/gen/dzb/v1/payment_pb';
import type { Services } from '../../services';
import { siteMethods } from '../../use-cases/payments';
import { callSiteOf } from '../call-context';
import { money } from '../mapping/money';
import { paymentMethod } from '../mapping/payments';

/** PaymentMethods → siteMethods: what a payment step shows before anything is priced. */
export function paymentMethodsHandler(ports: Pick<Services, 'config'>) {
  return (_request: PaymentMethodsRequest, context: HandlerContext) => {
    const methods = siteMethods(ports, callSiteOf(context.values));
    const { currency } = methods;
    return {
      hotel: methods.hotel.map(paymentMethod),
      voucher: methods.voucher.map(paymentMethod),
      voucherMinValue: money(methods.voucherValues.min, currency),
      voucherMaxValue: money(methods.voucherValues.max, currency),
      cancellationInsurancePrice: money(methods.insurance, currency),
      feeBasisPoints: methods.feeBasisPoints,
    };
  };
}
