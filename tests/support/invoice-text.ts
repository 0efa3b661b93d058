import type { InvoiceText } from '@/server/notifications/pdf/invoice-pdf';

/** An invoice's Czech headings, as the invoice tests hand them to the renderer. */
export const CZECH_INVOICE_TEXT: InvoiceText = {
  title: 'Faktura – daňový doklad',
  number: 'č.',
  issued: 'Datum vystavení',
  taxPoint: 'Datum uskutečnění zdanitelného plnění',
  supplier: 'Dodavatel',
  customer: 'Odběratel',
  item: 'Položka',
  rate: 'Sazba DPH',
  vatBase: 'Základ',
  vat: 'DPH',
  amount: 'Částka',
  total: 'Celkem',
  vatSummary: 'Rekapitulace DPH',
  paidWith: 'Uhrazeno',
  paidNote: 'Faktura je plně uhrazena.',
};
