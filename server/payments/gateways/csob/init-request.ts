import { type CreateGatewayPayment, GatewayError } from '../gateway';

/** Cart item limits of payment/init (ČSOB technical FAQ). */
const NAME_MAX = 20;
const DESCRIPTION_MAX = 40;
const MERCHANT_DATA_MAX = 255;

/**
 * The cart item's name is what the card page shows as the thing being paid for, and it holds only
 * 20 characters: "Objednavka 2026000123" is 21, and clipping it lost the order number's last
 * digit (every order read "Objednavka 202600000…"). So the name is a short word and the whole
 * order number (at most 10 digits: 16 characters at most), in the payer's language; the longer
 * description follows as the item's description.
 */
const ITEM_NAME: Record<string, string> = { cs: 'Obj.', pl: 'Zam.', en: 'Order' };

function itemName(orderNumber: string, language: string): string {
  return clip(`${ITEM_NAME[language] ?? ITEM_NAME.en} ${orderNumber}`, NAME_MAX);
}

function clip(text: string, max: number): string {
  return Array.from(text).slice(0, max).join('').trim();
}

function invalid(detail: string): never {
  throw new GatewayError(`csob payment/init: ${detail}`, false);
}

/**
 * The payment/init body for one of our payments, without dttm and signature: card payment with
 * automatic capture, one cart item, our payment id in merchantData, the browser coming back by
 * POST (ČSOB's recommendation; the return handler also accepts GET).
 */
export function initRequest(input: CreateGatewayPayment, merchantId: string): Record<string, unknown> {
  if (!/^\d{1,10}$/.test(input.orderNumber)) invalid('orderNo must be 1–10 digits');
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) invalid('amount must be a positive whole number of hundredths');
  if (!Number.isSafeInteger(input.ttlSeconds) || input.ttlSeconds < 300 || input.ttlSeconds > 1800) {
    invalid('ttlSec must be 300–1800');
  }
  if (input.returnUrl.length > 300) invalid('returnUrl is longer than 300 characters');
  const merchantData = Buffer.from(input.paymentId, 'utf8').toString('base64');
  if (merchantData.length > MERCHANT_DATA_MAX) invalid('payment id too long for merchantData');
  const name = itemName(input.orderNumber, input.language);
  const description = clip(input.description.trim(), DESCRIPTION_MAX);
  return {
    merchantId,
    orderNo: input.orderNumber,
    payOperation: 'payment',
    payMethod: 'card',
    // Our minor units are hundredths for both CZK and PLN, which is what ČSOB counts in.
    totalAmount: input.amount,
    currency: input.currency,
    closePayment: true,
    returnUrl: input.returnUrl,
    returnMethod: 'POST',
    cart: [{ name, quantity: 1, amount: input.amount, ...(description && description !== name ? { description } : {}) }],
    merchantData,
    language: input.language,
    ttlSec: input.ttlSeconds,
  };
}
