import type { Config } from '../config';

export type OrderDocumentKind = 'invoice' | 'booking_confirmation' | 'voucher' | 'credit_note';

/** A document of an order and the address it is served at (server/http/documents.ts). */
export interface OrderDocumentLink {
  kind: OrderDocumentKind;
  url: string;
}

/** The file names under an order's documents address, as orderDocument (documents.ts) reads them. */
export const DOCUMENT_FILES = {
  invoice: 'invoice.pdf',
  creditNote: 'credit-note.pdf',
  booking: 'booking.pdf',
  voucher: (voucherId: string) => `voucher-${voucherId}.pdf`,
} as const;

/** What an order has made, as far as its documents go. */
export interface OrderMade {
  /** A stay booked at the hotel and still holding (neither cancelled nor failed). */
  booked?: boolean;
  /** Money that went back to the payer (minor units): a credit note corrects the invoice. */
  refunded?: number;
  /** The vouchers the order issued: bought, or given for a cancellation. */
  voucherIds?: readonly string[];
}

/**
 * The documents an order's page links to, each only while it holds: the invoice once paid, the
 * credit note once money went back (the invoice stays listed: the credit note corrects it, it
 * does not replace it), a booked stay's confirmation while the booking stands (a cancelled one is
 * no confirmation of anything), each voucher the order issued (also the compensation voucher of
 * an order cancelled before it was paid in full). Addresses use the site's public base URL,
 * never a request's host.
 */
export function documentLinks(publicUrl: Config['publicUrl'], order: { id: string; site: string; paidAt: Date | null }, made: OrderMade): OrderDocumentLink[] {
  const base = `${publicUrl[order.site as keyof Config['publicUrl']]}/api/orders/${order.id}/documents`;
  const paid = order.paidAt !== null;
  return [
    ...(paid ? [{ kind: 'invoice' as const, url: `${base}/${DOCUMENT_FILES.invoice}` }] : []),
    ...(paid && (made.refunded ?? 0) > 0 ? [{ kind: 'credit_note' as const, url: `${base}/${DOCUMENT_FILES.creditNote}` }] : []),
    ...(paid && made.booked ? [{ kind: 'booking_confirmation' as const, url: `${base}/${DOCUMENT_FILES.booking}` }] : []),
    ...(made.voucherIds ?? []).map((id) => ({ kind: 'voucher' as const, url: `${base}/${DOCUMENT_FILES.voucher(id)}` })),
  ];
}

/** What went back to the payers of an order's payments (refunds recorded done). */
export function refundedOf(payments: readonly { refundedAmount: number }[]): number {
  return payments.reduce((sum, p) => sum + p.refundedAmount, 0);
}
