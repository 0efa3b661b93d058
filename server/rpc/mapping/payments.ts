import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import {
  GatewayType,
  type PaymentCalculation,
  PaymentCalculationSchema,
  type PaymentMethod,
  PaymentMethodSchema,
  PaymentMethodType,
  type PaymentRequest as ProtoPaymentRequest,
  type Payment,
  PaymentSchema,
  PaymentStatus,
  TransferReference,
} from '@/gen/dzb/v1/payment_pb';
import type { Money } from '@/gen/dzb/v1/common_pb';
import { VoucherInvalidReason } from '@/gen/dzb/v1/voucher_pb';
import type { MethodDefinition } from '../../payments/methods';
import type { PaymentRecord } from '../../payments/records';
import type { TransferInstructions } from '../../payments/transfer/bank-details';
import type { PaymentView } from '../../payments/view';
import type { Calculation, InvalidReason, PaymentRequest } from '../../pricing/payment-calculation';
import { amountOf, money } from './money';

const METHOD_TYPES = {
  BANK_TRANSFER: PaymentMethodType.BANK_TRANSFER,
  PAYMENT_CARD: PaymentMethodType.PAYMENT_CARD,
  BENEFIT_PROVIDER: PaymentMethodType.BENEFIT_PROVIDER,
} as const;

export function paymentMethod(method: MethodDefinition): PaymentMethod {
  return create(PaymentMethodSchema, {
    methodId: { id: method.id },
    type: METHOD_TYPES[method.type],
    name: method.name,
    translationCode: method.translationCode,
  });
}

const VOUCHER_METHOD = create(PaymentMethodSchema, {
  methodId: { id: 'voucher' },
  type: PaymentMethodType.VOUCHER,
  name: 'Voucher',
  translationCode: 'voucher',
});

export function paymentRequest(request: ProtoPaymentRequest | undefined, agreedCharge?: Money): PaymentRequest {
  return {
    voucherCodes: request?.voucherCodes ?? [],
    payments: (request?.payments ?? []).map((p) => ({ methodId: p.methodId?.id ?? '', value: amountOf(p.value) })),
    lastPayment: request?.lastPayment ? { methodId: request.lastPayment.methodId?.id ?? '' } : undefined,
    ...(agreedCharge ? { agreedCharge: amountOf(agreedCharge) } : {}),
  };
}

const INVALID: Record<InvalidReason, VoucherInvalidReason> = {
  NOT_FOUND: VoucherInvalidReason.NOT_FOUND,
  INACTIVE: VoucherInvalidReason.INACTIVE,
  EXPIRED: VoucherInvalidReason.EXPIRED,
  OTHER: VoucherInvalidReason.OTHER,
};

export function paymentCalculation(calculation: Calculation, currency: string): PaymentCalculation {
  return create(PaymentCalculationSchema, {
    vouchersUsage: {
      invalid: calculation.vouchers.invalid.map((v) => ({ code: v.code, reason: INVALID[v.reason] })),
      // No voucher ids: a preview answers whoever typed a code (proto VoucherUsageCredit).
      credit: calculation.vouchers.credit.map((v) => ({
        code: v.code,
        available: money(v.available, currency),
        willBeUsed: money(v.willBeUsed, currency),
      })),
      unit: calculation.vouchers.unit.map((u) => ({
        code: u.code,
        bonus: money(0, currency),
        bonusPercent: u.bonusBasisPoints / 100,
        removeBusinessFee: u.removeFee,
        removeTransactionFee: u.removeFee,
      })),
    },
    payments: calculation.payments.map((p) => ({
      methodId: { id: p.methodId },
      value: money(p.value, currency),
      bonus: money(p.bonus, currency),
      bonusPercent: p.bonusBasisPoints / 100,
      covers: money(p.covers, currency),
      fee: money(p.fee, currency),
    })),
  });
}

const STATUS: Record<PaymentRecord['status'], PaymentStatus> = {
  WAITING: PaymentStatus.WAITING,
  PAID: PaymentStatus.PAID,
  CANCELLED: PaymentStatus.CANCELLED,
  REJECTED: PaymentStatus.REJECTED,
  REVOKED: PaymentStatus.REVOKED,
  REFUNDED: PaymentStatus.REFUNDED,
};

const GATEWAYS: Record<string, GatewayType> = {
  csob: GatewayType.CSOB,
  pluxee: GatewayType.PLUXEE,
  edenred: GatewayType.EDENRED,
  mybenefit: GatewayType.MYBENEFIT,
};

const REFERENCES: Record<TransferInstructions['reference'], TransferReference> = {
  variable_symbol: TransferReference.VARIABLE_SYMBOL,
  title: TransferReference.TITLE,
};

/** The bank details exactly as the transfer e-mail shows them (the same TransferInstructions). */
function bankTransfer(transfer: TransferInstructions) {
  return {
    account: transfer.account,
    accountIban: transfer.iban,
    variableSymbol: transfer.variableSymbol,
    recipientName: transfer.recipient,
    dueAt: timestampFromDate(transfer.dueAt),
    reference: REFERENCES[transfer.reference],
    transferTitle: transfer.title ?? '',
  };
}

/** One payment of an order with how to pay it while it waits: the gateway page, or the transfer. */
export function payment({ record, method, gatewayPage, transfer, qrCode }: PaymentView): Payment {
  return create(PaymentSchema, {
    paymentId: { id: record.id },
    value: money(record.amount, record.currency),
    status: STATUS[record.status],
    method: method ? paymentMethod(method) : VOUCHER_METHOD,
    gateway: gatewayPage ? { type: GATEWAYS[gatewayPage.gateway] ?? GatewayType.UNSPECIFIED, url: gatewayPage.url } : undefined,
    bankTransfer: transfer ? bankTransfer(transfer) : undefined,
    qrCode,
    covers: money(record.covers, record.currency),
    fee: money(record.fee, record.currency),
  });
}

export { timestampFromDate };
