import 'server-only';
import type { ErrorCode } from '@/lib/error-codes';
import { errorCodeOf, requestIdOf } from '@/lib/rpc/errors';
import { type HotelPreviewView, hotelPreviewView } from '@/lib/rpc/hotel-order-views';
import { productVariantOf } from '@/lib/rpc/product-variant';
import { methodView, moneyView } from '@/lib/rpc/views';
import type { Locale } from '@/lib/variants';
import { pageVisitor } from '@/app/page-visitor';
import { pageApi } from '@/server/rpc/page-api';

export type ReservationState =
  | { kind: 'expired' }
  | { kind: 'ordered' }
  /** The visitor's address spent its budget: the browser earns a pass of their own first. */
  | { kind: 'step-up' }
  /** The visitor's own budget is spent, or the site is overloaded: said, not a 500. */
  | { kind: 'refused'; code: ErrorCode; requestId?: string }
  | { kind: 'preview'; preview: HotelPreviewView; methodId: string; fees: Record<string, number>; insurancePrice: number };

/**
 * What the reservation URL (a preview's id) stands for now: the stored preview priced with a card
 * payment, a method every site accepts even for a stay starting tomorrow, for the form to start
 * from; or why it cannot be ordered any more. An ordered preview never leads to its order: the
 * order has an id of its own, which only the orderer's e-mail carries.
 */
export async function loadReservation(locale: Locale, id: string): Promise<ReservationState> {
  const api = pageApi(locale, await pageVisitor());
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
    const code = errorCodeOf(error);
    if (code === 'preview_expired') return { kind: 'expired' };
    if (code === 'preview_already_ordered') return { kind: 'ordered' };
    if (code === 'challenge_required') return { kind: 'step-up' };
    if (code === 'too_many_requests' || code === 'server_busy') return { kind: 'refused', code, requestId: requestIdOf(error) };
    throw error;
  }
}
