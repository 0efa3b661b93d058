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
import type { OrderFormInput, PersonInput } from '@/lib/forms/order-form';
import type { AddressRecord, CustomerRecord, OrderStatus as Status } from '../../db/schema/orders';
import type { OrderDocumentKind, OrderDocumentLink } from '../../orders/document-links';
import type { VoucherOrderView } from '../../orders/voucher/view';
import { money } from './money';
import { payment } from './payments';
import { voucher } from './vouchers';

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

export function voucherOrder({ order, details, payments, vouchers, documents }: VoucherOrderView): VoucherOrder {
  return create(VoucherOrderSchema, {
    orderId: { id: order.id },
    orderNumber: order.number,
    orderedBy: customer(order.customer),
    purchasedAsGift: details.purchasedAsGift,
    total: money(order.total, order.currency),
    voucherValue: money(details.voucherValue, order.currency),
    status: ORDER_STATUS[order.status],
    vouchers: vouchers.map(voucher),
    payments: payments.map(payment),
    orderDate: timestampFromDate(order.createdAt),
    documents: orderDocuments(documents),
  });
}

const DOCUMENT_TYPES: Record<OrderDocumentKind, OrderDocumentType> = {
  invoice: OrderDocumentType.INVOICE,
  booking_confirmation: OrderDocumentType.BOOKING_CONFIRMATION,
  voucher: OrderDocumentType.VOUCHER,
  credit_note: OrderDocumentType.CREDIT_NOTE,
};

export function orderDocuments(links: readonly OrderDocumentLink[]) {
  return links.map((link) => ({ type: DOCUMENT_TYPES[link.kind], url: link.url }));
}
