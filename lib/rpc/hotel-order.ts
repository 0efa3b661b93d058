import type { HotelForm } from '../forms/hotel-form';
import { moneyParts } from '../money';
import type { Locale } from '../variants';
import { apiClient } from './browser-client';
import { type CompensationView, compensationView, type HotelOrderView, hotelOrderView, type HotelPreviewView, hotelPreviewView } from './hotel-order-views';
import { productVariantOf } from './product-variant';
import { type PaymentChoice, paymentRequest } from './payment-request';
import { orderRequest, person } from './shop';

export interface HotelOptions {
  cancellationInsurance: boolean;
  carRentalInterest: boolean;
}

/** Prices the stored preview again for a changed payment split or changed extras. */
export async function repriceHotelOrder(
  locale: Locale,
  previewId: string,
  currency: string,
  choice: PaymentChoice,
  options: HotelOptions,
  signal?: AbortSignal,
): Promise<HotelPreviewView> {
  const response = await apiClient().hotelOrderPreview(
    {
      productVariant: productVariantOf(locale),
      lookup: { case: 'byId', value: { previewId: { id: previewId } } },
      paymentRequest: paymentRequest(choice, currency),
      options,
    },
    { signal },
  );
  return hotelPreviewView(response);
}

/**
 * Places the order. The key makes a repeated submission (double click, lost answer) answer the
 * first order instead of placing a second one; the server also keys the order by the preview.
 */
export async function createHotelOrder(
  locale: Locale,
  input: { previewId: string; currency: string; choice: PaymentChoice; agreedCharge: number; form: HotelForm },
  submissionKey: string,
): Promise<HotelOrderView> {
  const { form } = input;
  const { order } = await apiClient().hotelOrderCreate(
    {
      productVariant: productVariantOf(locale),
      previewId: { id: input.previewId },
      paymentRequest: paymentRequest(input.choice, input.currency),
      order: orderRequest(form.order),
      guest: form.stayingGuest === 'someoneElse' ? person(form.guest) : undefined,
      agreedCharge: moneyParts(input.agreedCharge, input.currency),
    },
    { headers: { 'Idempotency-Key': submissionKey } },
  );
  if (!order) throw new Error('no order in the answer');
  return hotelOrderView(order);
}

/** Cancels the order (irreversible) and answers the compensation voucher, if one was issued. */
export async function cancelHotelOrder(locale: Locale, orderId: string): Promise<{ order: HotelOrderView; voucher?: CompensationView }> {
  const { hotelOrder, voucher } = await apiClient().orderCancel({ productVariant: productVariantOf(locale), orderId: { id: orderId } });
  if (!hotelOrder) throw new Error('no order in the answer');
  return { order: hotelOrderView(hotelOrder), voucher: voucher ? compensationView(voucher) : undefined };
}
