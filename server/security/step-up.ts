import 'server-only';
import { DomainError } from '../errors';
import type { Services } from '../services';
import { BUDGETS, type BudgetName } from './budgets';
import type { Caller } from './caller';
import { clientKey } from './client-key';
import { checkProof, issueChallenge } from './proof-of-work';
import { type GiveBack, take } from './rate-limit';
import { newPass, visitorOfPass } from './visitor-pass';

/**
 * The work a step-up asks for, SHA-256 steps on average, whatever anyone else did: about a second
 * in a browser on this project's slowest measured machine (33,000 steps/s in headless Chromium on
 * two server cores), so at most ~3 s on a mid-range phone. It never grows: an attacker must not
 * be able to make a real visitor wait longer.
 */
export const STEP_UP_WORK = 30_000;

type Stepping = Pick<Services, 'clock' | 'config' | 'db' | 'metrics'>;

export interface Spent {
  giveBack: GiveBack;
  /** The budget was spent, and the caller passed beyond it with a proof of work. */
  steppedUp: boolean;
}

const noGiveBack: GiveBack = async () => {};
const proven = new WeakMap<Caller, Promise<void>>();

/**
 * Takes units from a budget for a caller, and steps the caller up instead of refusing them where
 * the table says so. A client budget counts per visitor: per address, or, for a visitor holding
 * a pass, per pass. When an address has spent its budget (a NAT office, a family, a school), the
 * next visitor from it proves a little work once and gets a pass (a signed first-party cookie)
 * with a budget of their own, so 200 colleagues behind one address can all book; a visitor who
 * spends their own pass's budget is refused, as that is nobody else's doing. A site budget,
 * once spent, asks everybody for a proof per call and refuses nobody. No caller is ever counted
 * under a key shared with strangers: one whose address is unknown steps up at once.
 */
export async function spendAs(services: Stepping, name: BudgetName, caller: Caller, units = 1): Promise<Spent> {
  try {
    const spent = await spendOrStepUp(services, name, caller, units);
    services.metrics.budget(name, spent.steppedUp ? 'stepped_up' : 'within', units);
    return spent;
  } catch (error) {
    if (error instanceof DomainError && (error.code === 'challenge_required' || error.code === 'too_many_requests')) {
      services.metrics.budget(name, error.code === 'challenge_required' ? 'challenged' : 'refused', units);
    }
    throw error;
  }
}

async function spendOrStepUp(services: Stepping, name: BudgetName, caller: Caller, units: number): Promise<Spent> {
  const budget = BUDGETS[name];
  if (budget.per === 'site') {
    const giveBack = await spentOrUndefined(budget.beyond, take(services, name, 'site', units));
    if (giveBack) return { giveBack, steppedUp: false };
    await requireProof(services, caller);
    return { giveBack: noGiveBack, steppedUp: true };
  }
  const visitor = await visitorOfPass(services, caller.pass);
  if (visitor) return { giveBack: await take(services, name, `v:${visitor}`, units), steppedUp: false };
  const who = clientKey(caller.address);
  if (who) {
    const giveBack = await spentOrUndefined(budget.beyond, take(services, name, who, units));
    if (giveBack) return { giveBack, steppedUp: false };
  } else if (budget.beyond === 'refuse') {
    throw new DomainError('too_many_requests', `budget ${name}: the client's address is unknown`, { retryAfterSeconds: 60 });
  }
  await requireProof(services, caller);
  const pass = await newPass(services);
  // The rest of this call, and the visitor's later calls, count under the new pass.
  caller.pass = pass.token;
  caller.grantPass?.(pass.token);
  return { giveBack: await take(services, name, `v:${pass.visitor}`, units), steppedUp: true };
}

/**
 * Answers when the caller sent a proof of STEP_UP_WORK that was not used before, else throws
 * challenge_required with a fresh challenge. One proof serves every budget of one call.
 */
export function requireProof(services: Stepping, caller: Caller): Promise<void> {
  let check = proven.get(caller);
  if (!check) {
    check = (async () => {
      const result = await checkProof(services, caller.proof, STEP_UP_WORK);
      if (result === 'ok') return;
      throw new DomainError('challenge_required', `a proof of work is needed (${result})`, { challenge: await issueChallenge(services, STEP_UP_WORK) });
    })();
    check.catch(() => proven.delete(caller));
    proven.set(caller, check);
  }
  return check;
}

/** The take's give-back, or undefined when the budget is spent and may be stepped beyond. */
async function spentOrUndefined(beyond: 'step-up' | 'refuse', taking: Promise<GiveBack>): Promise<GiveBack | undefined> {
  try {
    return await taking;
  } catch (error) {
    if (beyond === 'step-up' && error instanceof DomainError && error.code === 'too_many_requests') return undefined;
    throw error;
  }
}
