import 'server-only';
import type { Caller } from '../security/caller';
import { newPass } from '../security/visitor-pass';
import type { Services } from '../services';

export type VisitorPassPorts = Pick<Services, 'budgets' | 'clock' | 'db'>;

/**
 * VisitorPass: a visitor whose address spent a budget while a page was rendered for them proves a
 * little work (the step-up's, never more) and gets a pass, a budget of their own for every limit
 * (server/security/step-up.ts). Without a proof it answers challenge_required with a challenge.
 */
export async function grantVisitorPass(ports: VisitorPassPorts, caller: Caller): Promise<void> {
  await ports.budgets.requireProof(caller);
  const pass = await newPass(ports);
  caller.grantPass?.(pass.token);
}
