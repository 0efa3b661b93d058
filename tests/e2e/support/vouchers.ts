import { PORTS } from '../../../playwright.config';
import { call, type Variant } from './order-api';

const SANDBOX = `http://127.0.0.1:${PORTS.test}`;

const BUYER = {
  firstName: 'Jana',
  lastName: 'Nováková',
  email: 'voucher.buyer@example.cz',
  mobile: '+420 123 456 789',
  contactAddress: { streetAddress: 'Vodičkova 12', city: 'Praha', country: 'CZ', postalCode: '110 00' },
  agreeCp: true,
  agreeTac: true,
  agreeMp: false,
};

interface VoucherOrderAnswer {
  order: { orderId: { id: string }; payments: { gateway?: { url: string } }[] };
}
interface OrderDetailAnswer {
  voucherOrder?: { vouchers?: { code: string }[] };
}

/**
 * A gift voucher bought through the API and paid at the Pluxee simulator, as a visitor would buy
 * one in the shop; answers its code once the voucher is issued.
 */
export async function buyVoucher(variant: Variant, crowns: number): Promise<string> {
  const { order } = await call<VoucherOrderAnswer>(variant, 'VoucherOrderCreate', {
    voucherValue: { currencyCode: 'CZK', units: String(crowns), nanos: 0 },
    paymentRequest: { lastPayment: { methodId: { id: 'pluxee_cafeteria' } } },
    order: BUYER,
  });
  const url = order.payments.find((p) => p.gateway)?.gateway?.url;
  const paymentId = url && /\/pay\/([^/?#]+)/.exec(url)?.[1];
  if (!paymentId) throw new Error(`the voucher order has no Pluxee payment: ${JSON.stringify(order.payments)}`);
  const paid = await fetch(`${SANDBOX}/sandbox/api/gateways/pluxee/payments/${paymentId}/pay`, { method: 'POST' });
  if (!paid.ok) throw new Error(`the Pluxee simulator answered ${paid.status}`);
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const detail = await call<OrderDetailAnswer>(variant, 'OrderDetail', { orderId: order.orderId });
    const code = detail.voucherOrder?.vouchers?.[0]?.code;
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`voucher order ${order.orderId.id} issued no voucher in 30 s`);
}
