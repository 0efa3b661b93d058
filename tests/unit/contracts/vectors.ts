import { expect, it } from 'vitest';
import { signFields, type SignedFields, textToSign, verifyFields } from '@/contracts/signing';
import { rsaPair } from '../gateways/keys';

/** A message of a protocol, the fields it signs and the exact text both sides sign. */
export type Vector = [name: string, fields: SignedFields, message: Record<string, unknown>, text: string];

/** The known-answer checks every protocol's vectors go through. */
export function checkVectors(vectors: Vector[]) {
  it.each(vectors)('%s: the signed text', (_, fields, message, text) => {
    expect(textToSign(fields, message)).toBe(text);
  });

  it.each(vectors)('%s: signed by one side, verified by the other, refused once a field changes', (_, fields, message) => {
    const { privateKey, publicKey } = rsaPair();
    const signature = signFields(fields, message, privateKey);
    expect(verifyFields(fields, { ...message, signature }, publicKey)).toBe(true);
    const [first] = Object.keys(message);
    expect(verifyFields(fields, { ...message, [first!]: `${String(message[first!])}x`, signature }, publicKey)).toBe(false);
  });
}
