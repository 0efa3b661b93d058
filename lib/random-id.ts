/**
 * A random 128-bit id as 32 hex characters. Uses getRandomValues, which (unlike randomUUID) also
 * exists on pages served over plain http, as test and preview hosts are.
 */
export function randomId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
