import type { MessageInitShape } from '@bufbuild/protobuf';
import type { MoneySchema } from '@/gen/dzb/v1/common_pb';
import type { AddressSchema, OrderRequestSchema, PersonSchema } from '@/gen/dzb/v1/order_pb';
import { moneyParts } from '../money';
import type { AddressInput, OrderForm, PersonInput } from '../forms/order-form';
import type { Locale } from '../variants';
import { apiClient } from './browser-client';
import { type PaymentChoice, paymentRequest } from './payment-request';
import { productVariantOf } from './product-variant';
import { paymentView, type VoucherOrderView, voucherOrderView, voucherView } from './views';
import { voucherPreviewView } from './voucher-preview';

const money = (amount: number, currency: string): MessageInitShape<typeof MoneySchema> => moneyParts(amount, currency);

function address(input: AddressInput): MessageInitShape<typeof AddressSchema> {
  return {
    streetAddress: input.street,
    city: input.city,
    country: input.country,
    postalCode: input.postalCode,
    companyId: input.companyId || undefined,
    companyTaxId: input.companyTaxId || undefined,
  };
}

export function orderRequest(form: Omit<OrderForm, 'noteForHotel'> & { noteForHotel?: string }): MessageInitShape<typeof OrderRequestSchema> {
  return {
    firstName: form.firstName,
    lastName: form.lastName,
    email: form.email,
    mobile: form.mobile,
    contactAddress: address(form.contactAddress),
    billingAddress: form.billingAddress ? address(form.billingAddress) : undefined,
    agreeCp: form.agreeCp,
    agreeTac: form.agreeTac,
    agreeMp: form.agreeMp,
    noteForHotel: form.noteForHotel || undefined,
  };
}

export function person(input: PersonInput | undefined): MessageInitShape<typeof PersonSchema> | undefined {
  if (!input?.firstName || !input.lastName || !input.email) return undefined;
  return { firstName: input.firstName, lastName: input.lastName, email: input.email, mobile: input.mobile || undefined };
}

export async function previewVoucherOrder(locale: Locale, value: number, currency: string, choice: PaymentChoice, signal?: AbortSignal) {
  const { orderPreview } = await apiClient().voucherOrderPreview(
    { productVariant: productVariantOf(locale), voucherValue: money(value, currency), paymentRequest: paymentRequest(choice, currency) },
    { signal },
  );
  return voucherPreviewView(orderPreview);
}

export async function createVoucherOrder(
  locale: Locale,
  input: { value: number; currency: string; choice: PaymentChoice; agreedCharge: number; form: Omit<OrderForm, 'noteForHotel'>; presentFor?: PersonInput },
  submissionKey: string,
): Promise<VoucherOrderView> {
  const { order } = await apiClient().voucherOrderCreate(
    {
      productVariant: productVariantOf(locale),
      voucherValue: money(input.value, input.currency),
      paymentRequest: paymentRequest(input.choice, input.currency),
      order: orderRequest(input.form),
      presentFor: person(input.presentFor),
      agreedCharge: money(input.agreedCharge, input.currency),
    },
    { headers: { 'Idempotency-Key': submissionKey } },
  );
  if (!order) throw new Error('no order in the answer');
  return voucherOrderView(order);
}

export async function retryPayment(locale: Locale, orderId: string, paymentId: string) {
  const { payment } = await apiClient().paymentRetry({ productVariant: productVariantOf(locale), orderId: { id: orderId }, paymentId: { id: paymentId } });
  if (!payment) throw new Error('no payment in the answer');
  return paymentView(payment);
}

export async function checkVoucherCode(locale: Locale, code: string) {
  const { voucher } = await apiClient().voucherDetail({ productVariant: productVariantOf(locale), lookup: { case: 'voucherCode', value: code } });
  if (!voucher) throw new Error('no voucher in the answer');
  return voucherView(voucher);
}

/** Releases a held voucher by its id (its owner's page); answers it as it is now. */
export async function releaseVoucher(locale: Locale, voucherId: string) {
  const { voucher } = await apiClient().voucherRelease({ productVariant: productVariantOf(locale), voucherId: { id: voucherId } });
  if (!voucher) throw new Error('no voucher in the answer');
  return voucherView(voucher);
}
