import type { HandlerContext } from '@connectrpc/connect';
import type { VoucherOrderCreateRequest, VoucherOrderPreviewRequest } from '@/gen/dzb/v1/order_pb';
import { placeVoucherOrder, previewVoucherOrder, type VoucherLookupPorts, type VoucherOrderPorts } from '../../use-cases/vouchers';
import { callerOf, callSiteOf } from '../call-context';
import { amountOf } from '../mapping/money';
import { orderFormInput, personInput, voucherOrder } from '../mapping/orders';
import { paymentRequest } from '../mapping/payments';
import { voucherOrderPreview } from '../mapping/vouchers';

/** VoucherOrderPreview: the value and the payment split → previewVoucherOrder → the priced purchase. */
export function voucherOrderPreviewHandler(ports: VoucherLookupPorts) {
  return async (request: VoucherOrderPreviewRequest, context: HandlerContext) => {
    const quote = await previewVoucherOrder(ports, callSiteOf(context.values), callerOf(context), {
      value: amountOf(request.voucherValue),
      payment: paymentRequest(request.paymentRequest),
    });
    return { orderPreview: voucherOrderPreview(quote) };
  };
}

/** VoucherOrderCreate: the value, the payment split and the form as its schema reads it → placeVoucherOrder → the order. */
export function voucherOrderCreateHandler(ports: VoucherOrderPorts) {
  return async (request: VoucherOrderCreateRequest, context: HandlerContext) => {
    const value = amountOf(request.voucherValue);
    const order = await placeVoucherOrder(ports, callSiteOf(context.values), callerOf(context), {
      value,
      payment: paymentRequest(request.paymentRequest, request.agreedCharge),
      form: {
        value: value ? value.amount / 100 : undefined,
        gift: request.presentFor !== undefined,
        presentFor: personInput(request.presentFor),
        order: orderFormInput(request.order),
      },
    });
    return { order: voucherOrder(order) };
  };
}
