import { CSOB_CURRENCIES, CSOB_LANGUAGES } from '@/contracts/csob';

type Message = Record<string, unknown>;

const isInt = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value);
const isText = (value: unknown): value is string => typeof value === 'string';
const within = (value: string, max: number) => Array.from(value).length <= max;

function isHttpUrl(value: unknown): boolean {
  if (!isText(value) || value.length > 300) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

function isCanonicalBase64(value: string): boolean {
  return value.length > 0 && Buffer.from(value, 'base64').toString('base64') === value;
}

/** The cart: 1–2 items, limits of the technical FAQ, amounts adding up to totalAmount. */
function cartProblem(cart: unknown, totalAmount: number): string | undefined {
  if (!Array.isArray(cart) || cart.length < 1 || cart.length > 2) return 'cart must have 1 or 2 items';
  let sum = 0;
  for (const item of cart as unknown[]) {
    if (typeof item !== 'object' || item === null) return 'cart item';
    const { name, quantity, amount, description } = item as Message;
    if (!isText(name) || name.trim() === '' || !within(name, 20)) return 'cart.name (1–20 characters)';
    if (!isInt(quantity) || quantity < 1) return 'cart.quantity';
    if (!isInt(amount) || amount < 0) return 'cart.amount';
    if (description !== undefined && (!isText(description) || !within(description, 40))) return 'cart.description (≤ 40 characters)';
    sum += amount;
  }
  return sum === totalAmount ? undefined : 'totalAmount must equal the sum of the cart';
}

/**
 * What is wrong with a payment/init body (answered 400 with resultCode 110), or undefined. The
 * simulator supports the plain card payment the site makes; OneClick, custom payments and the
 * 3-D Secure `customer`/`order` objects are refused rather than half-simulated.
 */
export function initProblem(m: Message): string | undefined {
  if (m.customer !== undefined || m.order !== undefined) return 'customer and order are not supported by the simulator';
  if (!isText(m.orderNo) || !/^\d{1,10}$/.test(m.orderNo)) return 'orderNo (1–10 digits)';
  if (m.payOperation !== undefined && m.payOperation !== 'payment') return 'payOperation (the simulator supports "payment")';
  if (m.payMethod !== undefined && m.payMethod !== 'card' && m.payMethod !== 'card#LVP') return 'payMethod';
  if (!isInt(m.totalAmount) || m.totalAmount <= 0) return 'totalAmount (positive hundredths)';
  if (!(CSOB_CURRENCIES as readonly unknown[]).includes(m.currency)) return 'currency';
  if (m.closePayment !== undefined && typeof m.closePayment !== 'boolean') return 'closePayment';
  if (!isHttpUrl(m.returnUrl)) return 'returnUrl';
  if (m.returnMethod !== 'POST' && m.returnMethod !== 'GET') return 'returnMethod';
  const cart = cartProblem(m.cart, m.totalAmount);
  if (cart) return cart;
  if (m.merchantData !== undefined && (!isText(m.merchantData) || m.merchantData.length > 255 || !isCanonicalBase64(m.merchantData))) {
    return 'merchantData (base64, ≤ 255 characters)';
  }
  if (m.customerId !== undefined && (!isText(m.customerId) || !within(m.customerId, 50))) return 'customerId';
  if (m.language !== undefined && !(CSOB_LANGUAGES as readonly unknown[]).includes(m.language)) return 'language';
  if (m.ttlSec !== undefined && (!isInt(m.ttlSec) || m.ttlSec < 300 || m.ttlSec > 1800)) return 'ttlSec (300–1800)';
  for (const name of ['logoVersion', 'colorSchemeVersion'] as const) {
    if (m[name] !== undefined && !isInt(m[name])) return name;
  }
  if (m.customExpiry !== undefined) return 'customExpiry (only for customPayment)';
  return undefined;
}
