import 'server-only';
import type { Attachment } from '../notifications/outbox';
import type { PaymentRecord } from '../payments/records';
import type { TransferInstructions } from '../payments/transfer/bank-details';
import type { Services } from '../services';
import type { OrderRecord } from './status';
import { transferOf } from '../payments/view';

/** The QR code's file name in the orderer's language (what a payer sees in their mail app). */
export function qrFileName(language: string): string {
  if (language === 'pl') return 'kod-qr-przelewu.png';
  if (language === 'en') return 'payment-qr-code.png';
  return 'qr-platba.png';
}

/**
 * The transfer part of an "order received" e-mail: the bank details and the QR code as a PNG.
 * They come from the same function as the order page's (transferOf), so the recipient, the
 * deadline and the reference or title in the e-mail are the page's, character for character.
 */
export async function transferForMail(
  services: Pick<Services, 'config'>,
  order: OrderRecord,
  payments: readonly PaymentRecord[],
): Promise<{ block: { instructions: TransferInstructions; qrFile: string }; attachment: Attachment } | undefined> {
  const transfer = payments.find((p) => p.methodId === 'transfer' && p.variableSymbol);
  const instructions = transfer && (await transferOf(services, order, transfer));
  if (!instructions) return undefined;
  const qrFile = qrFileName(order.language);
  return {
    block: { instructions, qrFile },
    attachment: { fileName: qrFile, contentType: 'image/png', content: Buffer.from(instructions.qrCode.split(',')[1]!, 'base64') },
  };
}
