import 'server-only';
import type { BudgetName } from './security/budgets';
import type { Caller } from './security/caller';
import { checkProof, issueChallenge, type ProofCheck } from './security/proof-of-work';
import { used } from './security/rate-limit';
import { requireProof, type Spent, spendAs } from './security/step-up';
import type { Services } from './services';

/**
 * What callers may spend (the budgets of server/security/budgets.ts, counted in the database) and
 * the proof of work asked beyond a budget, as one port: the use cases and the domain take it like
 * the clock or the database, so what they are handed stays as narrow as what they use.
 */
export interface Budgets {
  /** Takes units from a budget for the caller, stepping them up beyond it (server/security/step-up.ts). */
  spend(name: BudgetName, caller: Caller, units?: number): Promise<Spent>;
  /** Answers once the caller has shown a proof of the step-up's work, else throws challenge_required. */
  requireProof(caller: Caller): Promise<void>;
  /** How many units of the budget's current window the client at `address` (or the site) used. */
  used(name: BudgetName, address: string | undefined): Promise<number>;
  /** Checks a proof of work the caller sent (server/security/proof-of-work.ts). */
  checkProof(header: string | undefined | null, minWork: number): Promise<ProofCheck>;
  /** A signed challenge asking for `work` steps. */
  issueChallenge(work: number): Promise<string>;
}

/** The budgets of a composition root, counted in its database on its clock. */
export function budgetsOf(services: Pick<Services, 'clock' | 'config' | 'db' | 'metrics'>): Budgets {
  return {
    spend: (name, caller, units) => spendAs(services, name, caller, units),
    requireProof: (caller) => requireProof(services, caller),
    used: (name, address) => used(services, name, address),
    checkProof: (header, minWork) => checkProof(services, header, minWork),
    issueChallenge: (work) => issueChallenge(services, work),
  };
}
