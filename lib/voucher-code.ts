/**
 * What people type ("1234 5678", "1234-5678") as the 8 digits of a voucher code, or undefined
 * if it is not a code. The browser uses it to say "a code has 8 digits" before asking the server,
 * which uses it to read codes.
 */
export function normalizeVoucherCode(input: string): string | undefined {
  const compact = input.replace(/[\s-]+/g, '');
  return /^\d{8}$/.test(compact) ? compact : undefined;
}

/** A code as the server compares it: "1234 5678" and "1234-5678" are 12345678. */
export function codeDigits(entry: string): string {
  return entry.replace(/[\s-]/g, '');
}
