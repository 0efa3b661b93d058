import 'server-only';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { operatorChallenges, operatorEnrolments, operatorPasskeys, operators } from '../db/schema/operators';
import { inTransaction } from '../db/transaction';
import type { Services } from '../services';
import { audit } from './audit';
import type { Operator } from './roles';
import { startSession } from './sessions';
import { tokenHash } from './tokens';

/** Why a ceremony failed, as the console tells it; the details stay in the log. */
export type RefusalReason = 'sign_in_failed' | 'enrolment_invalid' | 'enrolment_failed';

export class ConsoleRefusal extends Error {
  override readonly name = 'ConsoleRefusal';
  constructor(
    readonly reason: RefusalReason,
    detail: string,
  ) {
    super(`${reason}: ${detail}`);
  }
}

/** A challenge is answered within this time or never. */
const CHALLENGE_MS = 5 * 60_000;
const RP_NAME = 'Dovolená za benefity';

/** Loaded on the first ceremony: the library and its certificate code cost a server start nothing. */
const webauthn = () => import('@simplewebauthn/server');

export interface SignedIn {
  operator: Operator;
  session: { token: string; expiresAt: Date };
}

/** The operator an unused, unexpired enrolment link belongs to. */
export async function operatorOfEnrolment(services: Services, token: string): Promise<Operator | undefined> {
  const { db } = await services.db();
  const [row] = await db
    .select({ id: operators.id, email: operators.email, role: operators.role })
    .from(operatorEnrolments)
    .innerJoin(operators, eq(operators.id, operatorEnrolments.operatorId))
    .where(
      and(
        eq(operatorEnrolments.tokenHash, tokenHash(token)),
        isNull(operatorEnrolments.usedAt),
        gt(operatorEnrolments.expiresAt, services.clock.now()),
        isNull(operators.disabledAt),
      ),
    );
  return row;
}

/** Options for creating a passkey from an enrolment link: a passkey the device keeps, verified by the person. */
export async function enrolmentOptions(services: Services, token: string): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const operator = await operatorOfEnrolment(services, token);
  if (!operator) throw new ConsoleRefusal('enrolment_invalid', 'the link is unknown, used, expired or its operator disabled');
  const { db } = await services.db();
  const existing = await db.select({ id: operatorPasskeys.id }).from(operatorPasskeys).where(eq(operatorPasskeys.operatorId, operator.id));
  const { generateRegistrationOptions } = await webauthn();
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: services.config.console.host,
    userName: operator.email,
    userID: uuidBytes(operator.id),
    attestationType: 'none',
    excludeCredentials: existing,
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await rememberChallenge(services, { challenge: options.challenge, purpose: 'enrol', operatorId: operator.id, enrolmentHash: tokenHash(token) });
  return options;
}

/** Stores the new passkey, uses the link up and signs the operator in, all at once. */
export async function finishEnrolment(services: Services, token: string, response: RegistrationResponseJSON, client: string): Promise<SignedIn> {
  const challenge = await takeChallenge(services, response, 'enrol', 'enrolment_failed');
  if (challenge.enrolmentHash !== tokenHash(token) || !challenge.operatorId) throw new ConsoleRefusal('enrolment_failed', 'the answer is for another link');
  const { verifyRegistrationResponse } = await webauthn();
  const verified = await verifyRegistrationResponse({
    response,
    expectedChallenge: challenge.challenge,
    expectedOrigin: services.config.console.origin,
    expectedRPID: services.config.console.host,
    requireUserVerification: true,
  }).catch((error: unknown) => {
    throw new ConsoleRefusal('enrolment_failed', String(error));
  });
  if (!verified.verified) throw new ConsoleRefusal('enrolment_failed', 'the attestation did not verify');
  const { credential } = verified.registrationInfo;
  const { db } = await services.db();
  return inTransaction(db, async (tx) => {
    const now = services.clock.now();
    // The guard: a link is used once, and only while it is valid.
    const [used] = await tx
      .update(operatorEnrolments)
      .set({ usedAt: now })
      .where(and(eq(operatorEnrolments.tokenHash, tokenHash(token)), isNull(operatorEnrolments.usedAt), gt(operatorEnrolments.expiresAt, now)))
      .returning({ operatorId: operatorEnrolments.operatorId });
    if (!used || used.operatorId !== challenge.operatorId) throw new ConsoleRefusal('enrolment_invalid', 'the link was used or expired meanwhile');
    const [operator] = await tx
      .select({ id: operators.id, email: operators.email, role: operators.role })
      .from(operators)
      .where(and(eq(operators.id, used.operatorId), isNull(operators.disabledAt)));
    if (!operator) throw new ConsoleRefusal('enrolment_invalid', 'the operator was disabled meanwhile');
    await tx.insert(operatorPasskeys).values({
      id: credential.id,
      operatorId: operator.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: (credential.transports ?? []).join(','),
      createdAt: now,
    });
    await audit(services, tx, { operatorId: operator.id, action: 'passkey-added', after: { passkey: credential.id, client } });
    return { operator, session: await startSession(services, tx, operator.id) };
  });
}

/** Options for signing in with any passkey of this console (the passkey says whose it is). */
export async function signInOptions(services: Services): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const { generateAuthenticationOptions } = await webauthn();
  const options = await generateAuthenticationOptions({ rpID: services.config.console.host, userVerification: 'required' });
  await rememberChallenge(services, { challenge: options.challenge, purpose: 'sign-in' });
  return options;
}

export async function finishSignIn(services: Services, response: AuthenticationResponseJSON, client: string): Promise<SignedIn> {
  const challenge = await takeChallenge(services, response, 'sign-in', 'sign_in_failed');
  const { db } = await services.db();
  const [passkey] = await db
    .select({ passkey: operatorPasskeys, operator: { id: operators.id, email: operators.email, role: operators.role } })
    .from(operatorPasskeys)
    .innerJoin(operators, eq(operators.id, operatorPasskeys.operatorId))
    .where(and(eq(operatorPasskeys.id, String(response.id)), isNull(operators.disabledAt)));
  if (!passkey) throw new ConsoleRefusal('sign_in_failed', 'no active operator has this passkey');
  const { verifyAuthenticationResponse } = await webauthn();
  const verified = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge.challenge,
    expectedOrigin: services.config.console.origin,
    expectedRPID: services.config.console.host,
    requireUserVerification: true,
    credential: {
      id: passkey.passkey.id,
      publicKey: new Uint8Array(Buffer.from(passkey.passkey.publicKey, 'base64url')),
      counter: passkey.passkey.counter,
      transports: passkey.passkey.transports ? (passkey.passkey.transports.split(',') as never) : undefined,
    },
  }).catch((error: unknown) => {
    throw new ConsoleRefusal('sign_in_failed', String(error));
  });
  if (!verified.verified) throw new ConsoleRefusal('sign_in_failed', 'the signature did not verify');
  return inTransaction(db, async (tx) => {
    const now = services.clock.now();
    // A counter that does not move forward means a copied authenticator (when it counts at all).
    const [moved] = await tx
      .update(operatorPasskeys)
      .set({ counter: verified.authenticationInfo.newCounter, lastUsedAt: now })
      .where(and(eq(operatorPasskeys.id, passkey.passkey.id), eq(operatorPasskeys.counter, passkey.passkey.counter)))
      .returning({ id: operatorPasskeys.id });
    if (!moved) throw new ConsoleRefusal('sign_in_failed', 'the passkey was used at the same moment elsewhere');
    await audit(services, tx, { operatorId: passkey.operator.id, action: 'signed-in', after: { passkey: passkey.passkey.id, client } });
    return { operator: passkey.operator, session: await startSession(services, tx, passkey.operator.id) };
  });
}

async function rememberChallenge(
  services: Services,
  challenge: { challenge: string; purpose: 'enrol' | 'sign-in'; operatorId?: string; enrolmentHash?: string },
): Promise<void> {
  const { db } = await services.db();
  const now = services.clock.now();
  await db.delete(operatorChallenges).where(lt(operatorChallenges.expiresAt, now));
  await db.insert(operatorChallenges).values({ ...challenge, expiresAt: new Date(now.getTime() + CHALLENGE_MS) });
}

/** Uses up the challenge an answer names: each is answered once, within its time. */
async function takeChallenge(
  services: Services,
  response: { response?: { clientDataJSON?: unknown } },
  purpose: 'enrol' | 'sign-in',
  reason: RefusalReason,
) {
  const named = challengeOf(response.response?.clientDataJSON);
  if (!named) throw new ConsoleRefusal(reason, 'the answer names no challenge');
  const { db } = await services.db();
  const [row] = await db
    .delete(operatorChallenges)
    .where(and(eq(operatorChallenges.challenge, named), eq(operatorChallenges.purpose, purpose), gt(operatorChallenges.expiresAt, services.clock.now())))
    .returning();
  if (!row) throw new ConsoleRefusal(reason, 'the challenge is unknown, used or expired');
  return row;
}

function challengeOf(clientDataJSON: unknown): string | undefined {
  if (typeof clientDataJSON !== 'string' || clientDataJSON.length > 4096) return undefined;
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    const challenge = (data as { challenge?: unknown }).challenge;
    return typeof challenge === 'string' && challenge.length <= 128 ? challenge : undefined;
  } catch {
    return undefined;
  }
}

function uuidBytes(id: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(id.replaceAll('-', ''), 'hex'));
}
