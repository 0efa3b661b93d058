import 'server-only';
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { PASS_DAYS } from '@/lib/visitor-pass-cookie';
import type { Services } from '../services';
import { siteSecret } from './site-secrets';

/**
 * A visitor's pass: a first-party id the site signs once the visitor has solved a step-up (a
 * proof of work) because their address had spent a budget. It gives that visitor budgets of
 * their own, so a whole office behind one address can book, each person after one short wait.
 * It proves nothing but that some work was done once; it holds no personal data.
 */
export async function newPass(services: Pick<Services, 'clock' | 'db'>): Promise<{ visitor: string; token: string }> {
  const visitor = randomUUID();
  const expires = Math.floor(services.clock.now().getTime() / 1000) + PASS_DAYS * 86_400;
  const body = `${visitor}.${expires}`;
  return { visitor, token: `${body}.${await signature(services, body)}` };
}

/** The visitor id a pass stands for, or undefined for a pass that is forged, malformed or expired. */
export async function visitorOfPass(services: Pick<Services, 'clock' | 'db'>, token: string | undefined): Promise<string | undefined> {
  const match = token && /^([0-9a-f-]{36})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return undefined;
  const [, visitor = '', expires = '', given = ''] = match;
  if (Number(expires) * 1000 <= services.clock.now().getTime()) return undefined;
  const expected = Buffer.from(await signature(services, `${visitor}.${expires}`));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? visitor : undefined;
}

async function signature(services: Pick<Services, 'clock' | 'db'>, body: string): Promise<string> {
  const secret = await siteSecret(services, 'visitor-pass');
  return createHmac('sha256', secret).update(body).digest('base64url');
}
