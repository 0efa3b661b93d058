import { CallbackRejected, type GatewayReturn } from '../gateway';
import type { GatewayKeys } from '../key-ring';
import { verifyFields } from '@/contracts/signing';
import { RETURN_FIELD_NAMES, RETURN_FIELDS } from '@/contracts/csob';

/**
 * The browser's return from ČSOB (form POST or query string): verified over the fields of §1.5
 * exactly as they arrived, merchantData still base64. A field given twice is refused, because
 * which copy was signed would be a guess.
 */
export function verifyCsobReturn(fields: URLSearchParams, keys: () => GatewayKeys): GatewayReturn {
  const message: Record<string, string> = {};
  for (const name of RETURN_FIELD_NAMES) {
    const values = fields.getAll(name);
    if (values.length > 1) throw new CallbackRejected('invalid_signature', `${name} given twice`);
    if (values[0] !== undefined) message[name] = values[0];
  }
  for (const required of ['payId', 'dttm', 'resultCode', 'resultMessage', 'signature']) {
    if (!message[required]) throw new CallbackRejected('invalid_signature', `${required} missing`);
  }
  if (!verifyFields(RETURN_FIELDS, message, keys().gatewayKey)) throw new CallbackRejected('invalid_signature');
  return { gatewayPaymentId: message.payId as string };
}
