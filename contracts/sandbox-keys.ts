import { generateKeyPairSync, type KeyObject, createPrivateKey, createPublicKey } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * How the two sides of sandbox mode exchange keys, as a merchant and a bank exchange public keys:
 * files in one folder (the data folder, never committed), `${name}.key` (PKCS#8 PEM) and
 * `${name}.pub` (SPKI PEM). Whichever side starts first makes a missing RSA-2048 pair; creating
 * the key by hard-linking a finished temp file makes concurrent first starts agree on one pair.
 */
export function ensureSandboxKeyPair(dir: string, name: string): void {
  const privateFile = path.join(dir, `${name}.key`);
  const publicFile = path.join(dir, `${name}.pub`);
  mkdirSync(dir, { recursive: true });
  try {
    readFileSync(privateFile);
  } catch {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const temp = `${privateFile}.${process.pid}.${Date.now()}.tmp`;
    writeFileSync(temp, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
    try {
      linkSync(temp, privateFile);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      rmSync(temp, { force: true });
    }
  }
  const publicPem = createPublicKey(readPrivateKey(privateFile)).export({ type: 'spki', format: 'pem' });
  let current: string | undefined;
  try {
    current = readFileSync(publicFile, 'utf8');
  } catch {
    current = undefined;
  }
  if (current !== publicPem) writeFileSync(publicFile, publicPem);
}

export function readPrivateKey(file: string): KeyObject {
  return createPrivateKey(readFileSync(file));
}

export function readPublicKey(file: string): KeyObject {
  return createPublicKey(readFileSync(file));
}
