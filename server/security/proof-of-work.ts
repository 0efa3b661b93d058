import 'server-only';
import { createChallenge, type Challenge, type Solution, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { randomInt } from 'node:crypto';
import { lt } from 'drizzle-orm';
import { spentChallenges } from '../db/schema/security';
import type { Services } from '../services';
import { siteSecret } from './site-secrets';

/** How long a challenge may take to solve and send back. */
const CHALLENGE_SECONDS = 600;
/** The counter is a 32-bit number; more work than that is asked for by hashing more per step. */
const MAX_COUNTER = 2 ** 30;

type Proving = Pick<Services, 'clock' | 'db'>;

/**
 * Proof of work (ALTCHA, self-hosted: the browser solves, nobody else is asked). A challenge asks
 * for `work` SHA-256 computations on average: the browser must find the counter whose hash starts
 * with the prefix we give it. The counter is drawn uniformly from 0 to twice the work, so counting
 * up from 0 is the best a solver can do and costs `work` on average: nothing in the challenge
 * says where in that range the answer lies. Challenges are signed with a site secret, so any
 * replica verifies what another issued, and each is spent once.
 */
export async function issueChallenge(services: Proving, work: number): Promise<string> {
  const secret = await siteSecret(services, 'proof-of-work');
  // Hashing `cost` times per counter value keeps the counter in range for any amount of work.
  const cost = Math.max(1, Math.ceil(work / MAX_COUNTER));
  const steps = Math.max(2, Math.round(work / cost));
  const challenge = await createChallenge({
    algorithm: 'SHA-256',
    cost,
    counter: randomInt(0, 2 * steps),
    deriveKey,
    data: { work: String(work) },
    // The library checks expiry against the wall clock, so the wall clock sets it too.
    expiresAt: new Date(Date.now() + CHALLENGE_SECONDS * 1000),
    hmacSignatureSecret: secret,
    hmacKeySignatureSecret: `${secret}:key`,
  });
  return Buffer.from(JSON.stringify(challenge)).toString('base64url');
}

export type ProofCheck = 'ok' | 'missing' | 'invalid' | 'too_little' | 'spent';

/**
 * Checks a solution the browser sent back (`base64url(JSON {challenge, solution})`): signed by us,
 * not expired, solved, asking for at least `minWork`, and not used before (the spend is one
 * insert that a second use of the same challenge loses, on any replica).
 */
export async function checkProof(services: Proving, header: string | undefined | null, minWork: number): Promise<ProofCheck> {
  if (!header) return 'missing';
  const proof = parse(header);
  if (!proof) return 'invalid';
  const secret = await siteSecret(services, 'proof-of-work');
  const result = await verifySolution({
    challenge: proof.challenge,
    solution: proof.solution,
    deriveKey,
    hmacSignatureSecret: secret,
    hmacKeySignatureSecret: `${secret}:key`,
  }).catch(() => undefined);
  if (!result?.verified) return 'invalid';
  if (Number(proof.challenge.parameters.data?.work ?? 0) < minWork) return 'too_little';
  const { db } = await services.db();
  const spent = await db
    .insert(spentChallenges)
    .values({ signature: proof.challenge.signature ?? '', expiresAt: new Date((proof.challenge.parameters.expiresAt ?? 0) * 1000) })
    .onConflictDoNothing()
    .returning({ signature: spentChallenges.signature });
  return spent.length === 1 ? 'ok' : 'spent';
}

function parse(header: string): { challenge: Challenge; solution: Solution } | undefined {
  if (header.length > 4096 || !/^[A-Za-z0-9_-]+$/.test(header)) return undefined;
  try {
    const value = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { challenge?: Challenge; solution?: Solution };
    if (typeof value?.challenge?.signature !== 'string' || typeof value.challenge.parameters !== 'object' || value.challenge.parameters === null) return undefined;
    if (typeof value.solution !== 'object' || value.solution === null) return undefined;
    return { challenge: value.challenge, solution: value.solution };
  } catch {
    return undefined;
  }
}

/** Forgets spent challenges that could not be used again anyway (job maintenance.cleanup). */
export async function forgetSpentChallenges(services: Pick<Services, 'db'>): Promise<void> {
  const { db } = await services.db();
  await db.delete(spentChallenges).where(lt(spentChallenges.expiresAt, new Date()));
}
