type Message = Record<string, unknown>;

export const BENEFIT_CURRENCIES = ['CZK', 'PLN', 'EUR'] as const;

function isHttpUrl(value: unknown): boolean {
  if (typeof value !== 'string' || value.length > 2000) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** What is wrong with a create request (answered 400 invalid_request), or undefined. */
export function createProblem(m: Message): string | undefined {
  if (typeof m.orderNumber !== 'string' || m.orderNumber.trim() === '' || m.orderNumber.length > 40) return 'orderNumber';
  if (typeof m.amount !== 'number' || !Number.isSafeInteger(m.amount) || m.amount <= 0) return 'amount (positive minor units)';
  if (!(BENEFIT_CURRENCIES as readonly unknown[]).includes(m.currency)) return 'currency';
  if (typeof m.category !== 'string' || m.category.trim() === '') return 'category';
  if (!isHttpUrl(m.returnUrl)) return 'returnUrl';
  if (!isHttpUrl(m.notifyUrl)) return 'notifyUrl';
  if (typeof m.ttlSec !== 'number' || !Number.isSafeInteger(m.ttlSec) || m.ttlSec < 300 || m.ttlSec > 1800) return 'ttlSec (300–1800)';
  if (m.language !== undefined && (typeof m.language !== 'string' || !/^[a-z]{2}$/.test(m.language))) return 'language';
  return undefined;
}
