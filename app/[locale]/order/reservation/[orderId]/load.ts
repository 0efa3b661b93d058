import 'server-only';
import { errorCodeOf } from '@/lib/rpc/errors';
import { type HotelPreviewView, hotelPreviewView } from '@/lib/rpc/hotel-order-views';
import { productVariantOf } from '@/lib/rpc/product-variant';
import { methodView, moneyView } from '@/lib/rpc/views';
import type { Locale } from '@/lib/variants';
import { pageApi } from '@/server/rpc/page-api';

export type ReservationState =
  | { kind: 'expired' }
  | { kind: 'ordered' }
  | { kind: 'preview'; preview: HotelPreviewView; methodId: string; fees: Record<string, number>; insurancePrice: number };

/**
 * What the reservation URL (a preview's id) stands for now: the stored preview priced with a card
 * payment, a method every site accepts even for a stay starting tomorrow, for the form to start
 * from; or why it cannot be ordered any more. An ordered preview never leads to its order: the
 * order has an id of its own, which only the orderer's e-mail carries.
 */
export async function loadReservation(locale: Locale, id: string): Promise<ReservationState> {
  const api = pageApi(locale);
  const productVariant = productVariantOf(locale);

  const { hotel, feeBasisPoints, cancellationInsurancePrice } = await api.paymentMethods({ productVariant });
  const offered = hotel.map(methodView);
  const start = offered.find((m) => m.kind === 'card') ?? offered[0];
  try {
    const answer = await api.hotelOrderPreview({
      productVariant,
      lookup: { case: 'byId', value: { previewId: { id } } },
      paymentRequest: { voucherCodes: [], payments: [], lastPayment: start ? { methodId: { id: start.id } } : undefined },
    });
    const preview = hotelPreviewView(answer);
    const allowed = preview.methods.some((m) => m.id === start?.id) ? start?.id : preview.methods[0]?.id;
    return { kind: 'preview', preview, methodId: allowed ?? '', fees: feeBasisPoints, insurancePrice: moneyView(cancellationInsurancePrice).amount };
  } catch (error) {
    if (errorCodeOf(error) === 'preview_expired') return { kind: 'expired' };
    if (errorCodeOf(error) === 'preview_already_ordered') return { kind: 'ordered' };
    throw error;
  }
}
