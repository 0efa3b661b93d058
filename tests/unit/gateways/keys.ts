import { generateKeyPairSync, type KeyObject } from 'node:crypto';

/** A fresh RSA-2048 pair, as the sandbox generates them. */
export function rsaPair(): { privateKey: KeyObject; publicKey: KeyObject } {
  return generateKeyPairSync('rsa', { modulusLength: 2048 });
}
