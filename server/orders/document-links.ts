import type { Config } from '../config';

export type OrderDocumentKind = 'invoice' | 'booking_confirmation' | 'voucher';

/** A document of a paid order and the address it is served at (server/http/documents.ts). */
export interface OrderDocumentLink {
  kind: OrderDocumentKind;
  url: string;
}

/** The file names under an order's documents address, as orderDocument (documents.ts) reads them. */
export const DOCUMENT_FILES = {
  invoice: 'invoice.pdf',
  booking: 'booking.pdf',
  voucher: (voucherId: string) => `voucher-${voucherId}.pdf`,
} as const;

/**
 * The documents an order's page links to, once it is paid (none before): its invoice, a booked
 * stay's confirmation, each voucher bought. Addresses use the site's public base URL, never a
 * request's host.
 */
export function documentLinks(
  publicUrl: Config['publicUrl'],
  order: { id: string; site: string; paidAt: Date | null },
  made: { booked?: boolean; voucherIds?: readonly string[] },
): OrderDocumentLink[] {
  if (!order.paidAt) return [];
  const base = `${publicUrl[order.site as keyof Config['publicUrl']]}/api/orders/${order.id}/documents`;
  return [
    { kind: 'invoice', url: `${base}/${DOCUMENT_FILES.invoice}` },
    ...(made.booked ? [{ kind: 'booking_confirmation' as const, url: `${base}/${DOCUMENT_FILES.booking}` }] : []),
    ...(made.voucherIds ?? []).map((id) => ({ kind: 'voucher' as const, url: `${base}/${DOCUMENT_FILES.voucher(id)}` })),
  ];
}
