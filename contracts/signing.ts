import { type KeyObject, sign as rsaSign, verify as rsaVerify, timingSafeEqual } from 'node:crypto';

/**
 * One field of a signed message, in the order the specification lists it: a plain field, a
 * nested object whose own fields follow in their order, a list whose every element contributes
 * its fields in turn, or an open map whose values follow in the order received.
 */
export type SignedField =
  | string
  | { readonly object: string; readonly fields: SignedFields }
  | { readonly list: string; readonly fields: SignedFields }
  | { readonly map: string };
export type SignedFields = readonly SignedField[];

/** A value that has no text form in the scheme (an object where a field belongs, NaN, …). */
export class UnsignableValue extends Error {
  override readonly name = 'UnsignableValue';
}

/**
 * The text both sides sign (ČSOB eAPI §1.4, reused by the benefit gateways): the present fields
 * in specification order, never in JSON key order, joined with `|`; absent and null fields are
 * skipped, booleans are `true`/`false`, numbers plain digits, strings as they are.
 */
export function textToSign(fields: SignedFields, message: Readonly<Record<string, unknown>>): string {
  const parts: string[] = [];
  collect(fields, message, parts);
  return parts.join('|');
}

function collect(fields: SignedFields, message: Readonly<Record<string, unknown>>, parts: string[]): void {
  for (const field of fields) {
    if (typeof field === 'string') {
      const value = own(message, field);
      if (value !== undefined && value !== null) parts.push(render(field, value));
    } else if ('object' in field) {
      const value = own(message, field.object);
      if (value === undefined || value === null) continue;
      collect(field.fields, record(field.object, value), parts);
    } else if ('list' in field) {
      const value = own(message, field.list);
      if (value === undefined || value === null) continue;
      if (!Array.isArray(value)) throw new UnsignableValue(`${field.list} is not a list`);
      for (const item of value) collect(field.fields, record(field.list, item), parts);
    } else {
      const value = own(message, field.map);
      if (value === undefined || value === null) continue;
      for (const [key, item] of Object.entries(record(field.map, value))) {
        if (item !== undefined && item !== null) parts.push(render(`${field.map}.${key}`, item));
      }
    }
  }
}

function own(message: Readonly<Record<string, unknown>>, name: string): unknown {
  return Object.hasOwn(message, name) ? message[name] : undefined;
}

function record(name: string, value: unknown): Readonly<Record<string, unknown>> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new UnsignableValue(`${name} is not an object`);
  }
  return value as Record<string, unknown>;
}

function render(name: string, value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  throw new UnsignableValue(`${name} has no text form`);
}

/** RSA-SHA256 with PKCS#1 v1.5 padding (Node's default for RSA keys), base64. */
export function signText(text: string, privateKey: KeyObject): string {
  return rsaSign('sha256', Buffer.from(text, 'utf8'), privateKey).toString('base64');
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * Whether `signature` is the gateway's signature of `text`. Node's base64 decoder forgives stray
 * characters and non-zero padding bits, so only the canonical encoding is accepted: otherwise
 * several different strings would pass as the same signature.
 */
export function verifyText(text: string, signature: unknown, publicKey: KeyObject): boolean {
  if (typeof signature !== 'string' || signature.length === 0 || !BASE64.test(signature)) return false;
  const bytes = Buffer.from(signature, 'base64');
  const canonical = Buffer.from(bytes.toString('base64'), 'utf8');
  const given = Buffer.from(signature, 'utf8');
  if (canonical.length !== given.length || !timingSafeEqual(canonical, given)) return false;
  try {
    return rsaVerify('sha256', Buffer.from(text, 'utf8'), publicKey, bytes);
  } catch {
    return false;
  }
}

/** The message's signature over its fields. */
export function signFields(fields: SignedFields, message: Readonly<Record<string, unknown>>, privateKey: KeyObject): string {
  return signText(textToSign(fields, message), privateKey);
}

/** Whether `message.signature` signs the message's fields; a field without a text form fails. */
export function verifyFields(fields: SignedFields, message: Readonly<Record<string, unknown>>, publicKey: KeyObject): boolean {
  let text: string;
  try {
    text = textToSign(fields, message);
  } catch (error) {
    if (error instanceof UnsignableValue) return false;
    throw error;
  }
  return verifyText(text, own(message, 'signature'), publicKey);
}
