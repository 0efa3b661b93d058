import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import {
  type Address,
  type Customer,
  CustomerSchema,
  OrderDocumentType,
  type OrderRequest,
  OrderStatus,
  type Person,
  type VoucherOrder,
  VoucherOrderSchema,
} from '@/gen/dzb/v1/order_pb';
import type { Payment } from '@/gen/dzb/v1/payment_pb';
import type { Voucher } from '@/gen/dzb/v1/voucher_pb';
import type { OrderFormInput, PersonInput } from '@/lib/forms/order-form';
import type { AddressRecord, CustomerRecord, OrderStatus as Status, voucherOrders } from '../../db/schema/orders';
import type { OrderRecord } from '../../orders/status';
import { money } from './money';

type FormAddress = OrderFormInput['contactAddress'];

function formAddress(address: Address | undefined): FormAddress | undefined {
  if (!address) return undefined;
  return {
    street: address.streetAddress,
    city: address.city,
    postalCode: address.postalCode,
    country: address.country as FormAddress['country'],
    companyId: address.companyId,
    companyTaxId: address.companyTaxId,
  };
}

/** The proto order form as the shared zod schema reads it (lib/forms/order-form.ts). */
export function orderFormInput(order: OrderRequest | undefined): unknown {
  if (!order) return undefined;
  return {
    firstName: order.firstName,
    lastName: order.lastName,
    email: order.email,
    mobile: order.mobile,
    contactAddress: formAddress(order.contactAddress),
    billingAddress: formAddress(order.billingAddress),
    agreeCp: order.agreeCp,
    agreeTac: order.agreeTac,
    agreeMp: order.agreeMp ?? false,
    noteForHotel: order.noteForHotel,
  };
}

export function personInput(person: Person | undefined): PersonInput | undefined {
  if (!person) return undefined;
  return { firstName: person.firstName, lastName: person.lastName, email: person.email, mobile: person.mobile };
}

function address(record: AddressRecord) {
  return {
    streetAddress: record.streetAddress,
    city: record.city,
    country: record.country,
    postalCode: record.postalCode,
    companyId: record.companyId,
    companyTaxId: record.companyTaxId,
  };
}

export function customer(record: CustomerRecord): Customer {
  return create(CustomerSchema, {
    firstName: record.firstName,
    lastName: record.lastName,
    email: record.email,
    mobile: record.mobile,
    contactAddress: address(record.contactAddress),
    billingAddress: record.billingAddress ? address(record.billingAddress) : undefined,
  });
}

export const ORDER_STATUS: Record<Status, OrderStatus> = {
  WAITING: OrderStatus.WAITING,
  PAID: OrderStatus.PAID,
  PARTIALLY_PAID: OrderStatus.PARTIALLY_PAID,
  CANCELLED_BY_USER: OrderStatus.CANCELLED_BY_USER,
  CANCELLED_DUPLICATE: OrderStatus.CANCELLED_DUPLICATE,
  CANCELLED_REFUND: OrderStatus.CANCELLED_REFUND,
  CANCELLED_AUTOMATICALLY: OrderStatus.CANCELLED_AUTOMATICALLY,
  REFUNDED_AUTOMATICALLY: OrderStatus.REFUNDED_AUTOMATICALLY,
};

export function voucherOrder(
  order: OrderRecord,
  details: typeof voucherOrders.$inferSelect,
  payments: Payment[],
  vouchers: Voucher[],
  documentsBase: string | undefined,
): VoucherOrder {
  return create(VoucherOrderSchema, {
    orderId: { id: order.id },
    orderNumber: order.number,
    orderedBy: customer(order.customer),
    purchasedAsGift: details.purchasedAsGift,
    total: money(order.total, order.currency),
    voucherValue: money(details.voucherValue, order.currency),
    status: ORDER_STATUS[order.status],
    vouchers,
    payments,
    orderDate: timestampFromDate(order.createdAt),
    documents: documentsBase
      ? [
          { type: OrderDocumentType.INVOICE, url: `${documentsBase}/invoice.pdf` },
          ...vouchers.map((v) => ({ type: OrderDocumentType.VOUCHER, url: `${documentsBase}/voucher-${v.voucherId?.id}.pdf` })),
        ]
      : [],
  });
}
