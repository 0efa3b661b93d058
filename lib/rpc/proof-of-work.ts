import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';

/** Longer than the heaviest challenge a visitor with a real code should meet. */
const SOLVE_TIMEOUT_MS = 120_000;

/**
 * Solves a proof-of-work challenge the server sent with `challenge_required` (ALTCHA, in this
 * browser, with WebCrypto; nobody else is asked) and answers the solution header, or undefined
 * when it took too long. Loaded only when a challenge arrives, so no page carries it up front.
 */
export async function solveProofOfWork(encoded: string): Promise<string | undefined> {
  const challenge = JSON.parse(fromBase64Url(encoded)) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey, timeout: SOLVE_TIMEOUT_MS });
  return solution ? toBase64Url(JSON.stringify({ challenge, solution })) : undefined;
}

// The challenge and its solution are hex strings and numbers: ASCII, so btoa/atob fit.
function fromBase64Url(value: string): string {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  return atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
}

function toBase64Url(value: string): string {
  return btoa(value).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
