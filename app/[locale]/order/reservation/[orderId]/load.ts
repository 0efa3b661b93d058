import 'server-only';
import { Code, ConnectError } from '@connectrpc/connect';
import { errorCodeOf } from '@/lib/rpc/errors';
import { type HotelPreviewView, hotelPreviewView } from '@/lib/rpc/hotel-order-views';
import { productVariantOf } from '@/lib/rpc/product-variant';
import { methodView } from '@/lib/rpc/views';
import type { Locale } from '@/lib/variants';
import { pageApi } from '@/server/rpc/page-api';

export type ReservationState =
  | { kind: 'order'; orderKind: 'hotel' | 'voucher' }
  | { kind: 'expired' }
  | { kind: 'preview'; preview: HotelPreviewView; methodId: string };

/**
 * What the reservation URL stands for now. The order id is the preview id, so once the order is
 * placed (and when a gateway sends the visitor back here) the order wins; otherwise the stored
 * preview is priced with a card payment, a method every site accepts even for a stay starting
 * tomorrow, and the form starts from that.
 */
export async function loadReservation(locale: Locale, id: string): Promise<ReservationState> {
  const api = pageApi(locale);
  const productVariant = productVariantOf(locale);
  const existing = await api.orderDetail({ productVariant, orderId: { id } }).catch((error: unknown) => {
    if (ConnectError.from(error).code === Code.NotFound) return undefined;
    throw error;
  });
  if (existing?.order.case) return { kind: 'order', orderKind: existing.order.case === 'hotelOrder' ? 'hotel' : 'voucher' };

  const { hotel } = await api.paymentMethods({ productVariant });
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
    return { kind: 'preview', preview, methodId: allowed ?? '' };
  } catch (error) {
    if (errorCodeOf(error) === 'preview_expired') return { kind: 'expired' };
    throw error;
  }
}
