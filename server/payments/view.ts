import 'server-only';
import { SITE_CONFIG } from '@/lib/site-config';
import type { VariantKey } from '@/lib/variants';
import type { Services } from '../services';
import { METHODS, type MethodDefinition, type MethodId } from './methods';
import type { PaymentRecord } from './records';
import { type TransferInstructions, transferInstructions } from './transfer/bank-details';

/** One payment of an order as its page shows it, with how to pay it while it waits. */
export interface PaymentView {
  record: PaymentRecord;
  /** The method it is paid with; none for value taken from a voucher. */
  method: MethodDefinition | undefined;
  /** The gateway's payment page, while the payment waits there for the visitor. */
  gatewayPage?: { gateway: string; url: string };
  /** The bank details of a transfer (the order e-mail shows the same). */
  transfer?: TransferInstructions;
  /** The transfer's QR code, while the money is still awaited. */
  qrCode?: { image: string; amountLeftOut: boolean };
}

/** A payment of `order` as its page shows it. */
export async function paymentView(services: Pick<Services, 'config'>, order: OrderOfPayment, record: PaymentRecord): Promise<PaymentView> {
  const transfer = await transferOf(services, order, record);
  const waiting = record.status === 'WAITING';
  return {
    record,
    method: Object.hasOwn(METHODS, record.methodId) ? METHODS[record.methodId as MethodId] : undefined,
    ...(record.gateway && waiting && record.redirectUrl ? { gatewayPage: { gateway: record.gateway, url: record.redirectUrl } } : {}),
    ...(transfer ? { transfer } : {}),
    ...(transfer && waiting ? { qrCode: { image: transfer.qrCode, amountLeftOut: transfer.qrWithoutAmount } } : {}),
  };
}

/** What a payment's page and e-mail name of its order. */
export interface OrderOfPayment {
  site: string;
  number: string;
}

/** How to pay a transfer payment: the order page and the order e-mail show exactly these. */
export async function transferOf(services: Pick<Services, 'config'>, order: OrderOfPayment, record: PaymentRecord): Promise<TransferInstructions | undefined> {
  if (record.methodId !== 'transfer' || !record.variableSymbol) return undefined;
  return transferInstructions({
    accounts: services.config.payments.bankAccounts,
    nipPl: services.config.payments.recipientNipPl,
    recipient: SITE_CONFIG[order.site as VariantKey].operator.companyName,
    currency: record.currency as 'CZK' | 'PLN',
    amount: record.amount,
    variableSymbol: record.variableSymbol,
    orderNumber: order.number,
    dueAt: record.expiresAt,
  });
}
