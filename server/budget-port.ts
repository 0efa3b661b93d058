import 'server-only';
import type { BudgetName } from './security/budgets';
import { checkProof, issueChallenge, type ProofCheck } from './security/proof-of-work';
import { type GiveBack, spend, tally, used } from './security/rate-limit';
import type { Services } from './services';

/**
 * What callers may spend (the budgets of server/security/budgets.ts, counted in the database) and
 * the proof of work asked once a budget is spent, as one port: the use cases and the domain take
 * it like the clock or the database, so what they are handed stays as narrow as what they use.
 */
export interface Budgets {
  /** Takes units from a budget; a spent one throws too_many_requests (server/security/rate-limit.ts). */
  spend(name: BudgetName, address: string, units?: number): Promise<GiveBack>;
  /** Adds units without a limit and answers the count before and after. */
  tally(name: BudgetName, address: string, units: number): Promise<{ before: number; after: number }>;
  /** How many units of the budget's current window are used. */
  used(name: BudgetName, address: string): Promise<number>;
  /** Checks a proof of work the caller sent (server/security/proof-of-work.ts). */
  checkProof(header: string | undefined | null, minWork: number): Promise<ProofCheck>;
  /** A signed challenge asking for `work` steps. */
  issueChallenge(work: number): Promise<string>;
}

/** The budgets of a composition root, counted in its database on its clock. */
export function budgetsOf(services: Services): Budgets {
  return {
    spend: (name, address, units) => spend(services, name, address, units),
    tally: (name, address, units) => tally(services, name, address, units),
    used: (name, address) => used(services, name, address),
    checkProof: (header, minWork) => checkProof(services, header, minWork),
    issueChallenge: (work) => issueChallenge(services, work),
  };
}
