import type { Money } from '@/gen/dzb/v1/common_pb';
import { OrderDocumentType, OrderStatus, type VoucherOrder } from '@/gen/dzb/v1/order_pb';
import { type Payment, type PaymentCalculation, type PaymentMethod, PaymentMethodType, PaymentStatus, TransferReference } from '@/gen/dzb/v1/payment_pb';
import { type Voucher, VoucherInvalidReason, VoucherState } from '@/gen/dzb/v1/voucher_pb';
import { minorOfParts } from '../money';

/**
 * The API's answers as plain data for components: money as integer minor units, enums as their
 * names, instants as ISO strings (they cross the server/client boundary), no protobuf classes.
 */
export interface MoneyView {
  amount: number;
  currency: string;
}

export function moneyView(money: Money | undefined): MoneyView {
  if (!money) return { amount: 0, currency: '' };
  return { amount: minorOfParts(money) ?? 0, currency: money.currencyCode };
}

export type MethodKind = 'transfer' | 'card' | 'benefit' | 'voucher' | 'other';

export interface PaymentMethodView {
  id: string;
  kind: MethodKind;
  name: string;
  code: string;
}

const KINDS: Partial<Record<PaymentMethodType, MethodKind>> = {
  [PaymentMethodType.BANK_TRANSFER]: 'transfer',
  [PaymentMethodType.PAYMENT_CARD]: 'card',
  [PaymentMethodType.BENEFIT_PROVIDER]: 'benefit',
  [PaymentMethodType.VOUCHER]: 'voucher',
};

export function methodView(method: PaymentMethod | undefined): PaymentMethodView {
  return {
    id: method?.methodId?.id ?? '',
    kind: (method && KINDS[method.type]) ?? 'other',
    name: method?.name ?? '',
    code: method?.translationCode ?? '',
  };
}

export type PaymentStatusName = 'WAITING' | 'PAID' | 'CANCELLED' | 'REJECTED' | 'REVOKED' | 'REFUNDED' | 'UNKNOWN';

export interface PaymentView {
  id: string;
  value: MoneyView;
  status: PaymentStatusName;
  method: PaymentMethodView;
  gatewayUrl?: string;
  transfer?: TransferView;
  /** The part of the order's price it pays, and the method's fee computed on that part (value = covers + fee). */
  covers: MoneyView;
  fee: MoneyView;
}

/**
 * Bank details of a transfer. `reference` says what pairs the money with the payment, so what the
 * payer must enter: the variable symbol (Czech banks), or the title (Polish banks have no such
 * field; the title carries the reference and is the QR code's title).
 */
export interface TransferView {
  recipient: string;
  /** Digit groups separated by single spaces, as banks print them. */
  account: string;
  iban: string;
  variableSymbol: string;
  reference: 'variable_symbol' | 'title';
  title: string;
  /** ISO instant the payment expires (lib/deadline.ts shows the last minute before it). */
  dueAt?: string;
  qrImage?: string;
  /** The QR code leaves the amount to the payer (too large for the Polish format). */
  qrWithoutAmount: boolean;
}

function statusName(status: PaymentStatus): PaymentStatusName {
  const name = PaymentStatus[status] as string | undefined;
  return name && name !== 'UNSPECIFIED' ? (name as PaymentStatusName) : 'UNKNOWN';
}

export function paymentView(payment: Payment): PaymentView {
  return {
    id: payment.paymentId?.id ?? '',
    value: moneyView(payment.value),
    status: statusName(payment.status),
    method: methodView(payment.method),
    covers: moneyView(payment.covers),
    fee: moneyView(payment.fee),
    gatewayUrl: payment.gateway?.url || undefined,
    transfer: payment.bankTransfer
      ? {
          recipient: payment.bankTransfer.recipientName,
          account: payment.bankTransfer.account,
          iban: payment.bankTransfer.accountIban,
          variableSymbol: payment.bankTransfer.variableSymbol,
          reference: payment.bankTransfer.reference === TransferReference.TITLE ? 'title' : 'variable_symbol',
          title: payment.bankTransfer.transferTitle,
          dueAt: iso(payment.bankTransfer.dueAt),
          qrImage: payment.qrCode?.image || undefined,
          qrWithoutAmount: payment.qrCode?.amountLeftOut ?? false,
        }
      : undefined,
  };
}

export type VoucherStateName = 'VALID' | 'EXPIRES_SOON' | 'USED' | 'EXPIRED';

export interface VoucherView {
  id: string;
  code: string;
  state: VoucherStateName;
  total: MoneyView;
  used: MoneyView;
  available: MoneyView;
  validFrom?: string;
  validTo?: string;
  gift: boolean;
  /** Whole days before the end on the server's clock (0 = it ends today). */
  daysLeft: number;
  /** Its code answers as unknown until its owner releases it (told only on its own page). */
  held: boolean;
  spendings: { orderNumber: string; orderDate: string; orderTotal: MoneyView; used: MoneyView }[];
}

/** A proto Timestamp as an ISO instant (what crosses to the browser), or undefined. */
export const iso = (t: { seconds: bigint; nanos: number } | undefined) =>
  t ? new Date(Number(t.seconds) * 1000 + Math.trunc(t.nanos / 1_000_000)).toISOString() : undefined;

export function voucherView(voucher: Voucher): VoucherView {
  return {
    id: voucher.voucherId?.id ?? '',
    code: voucher.code,
    state: (VoucherState[voucher.state] as VoucherStateName | undefined) ?? 'VALID',
    total: moneyView(voucher.total),
    used: moneyView(voucher.used),
    available: moneyView(voucher.available),
    validFrom: iso(voucher.validFrom),
    validTo: iso(voucher.validTo),
    gift: voucher.purchasedAsGift,
    daysLeft: voucher.daysLeft,
    held: voucher.held,
    spendings: voucher.spendings.map((s) => ({
      orderNumber: s.orderNumber,
      orderDate: iso(s.orderDate) ?? '',
      orderTotal: moneyView(s.orderTotal),
      used: moneyView(s.voucherUsage),
    })),
  };
}

export type OrderStatusName = keyof typeof OrderStatus;

export interface VoucherOrderView {
  id: string;
  number: string;
  status: OrderStatusName;
  total: MoneyView;
  voucherValue: MoneyView;
  gift: boolean;
  orderedAt: string;
  email: string;
  payments: PaymentView[];
  vouchers: VoucherView[];
  documents: { type: DocumentTypeName; url: string }[];
}

export function voucherOrderView(order: VoucherOrder): VoucherOrderView {
  return {
    id: order.orderId?.id ?? '',
    number: order.orderNumber,
    status: OrderStatus[order.status] as OrderStatusName,
    total: moneyView(order.total),
    voucherValue: moneyView(order.voucherValue),
    gift: order.purchasedAsGift,
    orderedAt: iso(order.orderDate) ?? '',
    email: order.orderedBy?.email ?? '',
    payments: order.payments.map(paymentView),
    vouchers: order.vouchers.map(voucherView),
    documents: documentViews(order.documents),
  };
}

export type DocumentTypeName = 'invoice' | 'credit_note' | 'booking' | 'voucher';

const DOCUMENT_TYPES: Partial<Record<OrderDocumentType, DocumentTypeName>> = {
  [OrderDocumentType.INVOICE]: 'invoice',
  [OrderDocumentType.CREDIT_NOTE]: 'credit_note',
  [OrderDocumentType.BOOKING_CONFIRMATION]: 'booking',
  [OrderDocumentType.VOUCHER]: 'voucher',
};

/** An order's documents as the page lists them (a type this build does not know is left out). */
export function documentViews(documents: readonly { type: OrderDocumentType; url: string }[]): { type: DocumentTypeName; url: string }[] {
  return documents.flatMap((d) => {
    const type = DOCUMENT_TYPES[d.type];
    return type ? [{ type, url: d.url }] : [];
  });
}

export type InvalidReasonName = 'NOT_FOUND' | 'INACTIVE' | 'EXPIRED' | 'OTHER';

export interface CalculationView {
  invalid: { code: string; reason: InvalidReasonName }[];
  credit: { code: string; available: MoneyView; willBeUsed: MoneyView }[];
  unit: { code: string; bonusPercent: number; removesFee: boolean }[];
  /** Each method's charge: `covers` of the price and its fee on that (value = covers + fee). */
  payments: { methodId: string; value: MoneyView; covers: MoneyView; fee: MoneyView; bonus: MoneyView; bonusPercent: number }[];
}

export function calculationView(calculation: PaymentCalculation | undefined): CalculationView {
  const usage = calculation?.vouchersUsage;
  return {
    invalid: (usage?.invalid ?? []).map((i) => ({ code: i.code, reason: (VoucherInvalidReason[i.reason] as InvalidReasonName | undefined) ?? 'OTHER' })),
    credit: (usage?.credit ?? []).map((c) => ({ code: c.code, available: moneyView(c.available), willBeUsed: moneyView(c.willBeUsed) })),
    unit: (usage?.unit ?? []).map((u) => ({ code: u.code, bonusPercent: u.bonusPercent, removesFee: u.removeBusinessFee })),
    payments: (calculation?.payments ?? []).map((p) => ({
      methodId: p.methodId?.id ?? '',
      value: moneyView(p.value),
      covers: moneyView(p.covers),
      fee: moneyView(p.fee),
      bonus: moneyView(p.bonus),
      bonusPercent: p.bonusPercent,
    })),
  };
}

/** Where the browser goes right after placing an order: the first payment still to be paid at a gateway. */
export function firstGatewayUrl(payments: readonly PaymentView[]): string | undefined {
  return payments.find((p) => p.status === 'WAITING' && p.gatewayUrl)?.gatewayUrl;
}
