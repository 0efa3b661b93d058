import { create } from '@bufbuild/protobuf';
import type { HandlerContext } from '@connectrpc/connect';
import { type VoucherOrderCreateRequest, type VoucherOrderPreviewRequest, VoucherOrderPreviewSchema } from '@/gen/dzb/v1/order_pb';
import { voucherFormSchema } from '@/lib/forms/voucher-form';
import { DomainError } from '../../errors';
import { createVoucherOrder } from '../../orders/voucher/create';
import { quoteVoucherOrder } from '../../orders/voucher/pricing';
import { readOrderOfSite } from '../../orders/read';
import { voucherOrderView } from '../../orders/voucher/view';
import type { Services } from '../../services';
import { spend } from '../../security/rate-limit';
import { callerOf, callSiteOf } from '../call-context';
import { amountOf, money } from '../mapping/money';
import { orderFormInput, personInput } from '../mapping/orders';
import { paymentCalculation, paymentRequest } from '../mapping/payments';
import { voucherOrderMessage } from './order-messages';

export function voucherOrderPreviewHandler(services: Services) {
  return async (request: VoucherOrderPreviewRequest, context: HandlerContext) => {
    const caller = callerOf(context);
    await spend(services, 'previews', caller.address);
    const quote = await quoteVoucherOrder(services, callSiteOf(context.values), caller, amountOf(request.voucherValue), paymentRequest(request.paymentRequest));
    const { price } = quote.calculation;
    return {
      orderPreview: create(VoucherOrderPreviewSchema, {
        voucherValue: money(quote.voucherValue, quote.currency),
        paymentCalculation: paymentCalculation(quote.calculation, quote.currency),
        price: {
          base: money(price.base, quote.currency),
          bonus: money(price.bonus, quote.currency),
          serviceFee: money(price.serviceFee, quote.currency),
          total: money(price.total, quote.currency),
        },
      }),
    };
  };
}

/**
 * Validates the form with the same schema as the browser, prices everything again on the server
 * (the browser's numbers are never used), places the order and answers it with its payments.
 */
export function voucherOrderCreateHandler(services: Services) {
  return async (request: VoucherOrderCreateRequest, context: HandlerContext) => {
    const site = callSiteOf(context.values);
    const caller = callerOf(context);
    await spend(services, 'orders', caller.address);
    const value = amountOf(request.voucherValue);
    // The value and the split are checked by the pricing first, with their own catalogue codes.
    const payment = paymentRequest(request.paymentRequest, request.agreedCharge);
    const quote = await quoteVoucherOrder(services, site, caller, value, payment);
    const form = voucherFormSchema(services.config.vouchers).safeParse({
      value: value ? value.amount / 100 : undefined,
      gift: request.presentFor !== undefined,
      presentFor: personInput(request.presentFor),
      order: orderFormInput(request.order),
    });
    if (!form.success) throw new DomainError('invalid_request', form.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
    const { order } = await createVoucherOrder(services, site, quote, form.data.order, form.data.presentFor, payment.agreedCharge);
    return { order: voucherOrderMessage(services, await voucherOrderView(services, await readOrderOfSite(services, site, order.id))) };
  };
}
