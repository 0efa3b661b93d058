import 'server-only';
import { SITE_CONFIG } from '@/lib/site-config';
import type { VariantKey } from '@/lib/variants';
import type { Attachment } from '../notifications/outbox';
import type { PaymentRecord } from '../payments/records';
import { type TransferInstructions, transferInstructions } from '../payments/transfer/bank-details';
import type { Services } from '../services';
import type { OrderRecord } from './status';

/** The QR code's file name in the orderer's language (what a payer sees in their mail app). */
export function qrFileName(language: string): string {
  if (language === 'pl') return 'kod-qr-przelewu.png';
  if (language === 'en') return 'payment-qr-code.png';
  return 'qr-platba.png';
}

/** The transfer part of an "order received" e-mail: the bank details and the QR code as a PNG. */
export async function transferForMail(
  services: Services,
  order: OrderRecord,
  payments: readonly PaymentRecord[],
): Promise<{ block: { instructions: TransferInstructions; dueDate: Date; qrFile: string }; attachment: Attachment } | undefined> {
  const transfer = payments.find((p) => p.methodId === 'transfer' && p.variableSymbol);
  if (!transfer) return undefined;
  const instructions = await transferInstructions({
    accounts: services.config.payments.bankAccounts,
    recipient: SITE_CONFIG[order.site as VariantKey].operator.companyName,
    currency: transfer.currency as 'CZK' | 'PLN',
    amount: transfer.amount,
    variableSymbol: transfer.variableSymbol!,
    orderNumber: order.number,
  });
  const qrFile = qrFileName(order.language);
  return {
    block: { instructions, dueDate: transfer.expiresAt, qrFile },
    attachment: { fileName: qrFile, contentType: 'image/png', content: Buffer.from(instructions.qrCode.split(',')[1]!, 'base64') },
  };
}
