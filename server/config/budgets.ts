import { z } from 'zod';
import { BUDGET_NAMES, BUDGETS, type BudgetLimits, isBudgetName } from '../security/budgets';

export const budgetsSchema = z.object({
  /** Overrides of rows of server/security/budgets.ts: `name=max/seconds`, comma-separated. */
  BUDGETS: z.string().default(''),
});

/** The budgets table with the overrides applied; a malformed or unknown entry is named. */
export function resolveBudgets(env: z.output<typeof budgetsSchema>, issues: string[]): BudgetLimits {
  const limits = Object.fromEntries(BUDGET_NAMES.map((name) => [name, { max: BUDGETS[name].max, windowSeconds: BUDGETS[name].windowSeconds }])) as BudgetLimits;
  for (const entry of env.BUDGETS.split(',').map((e) => e.trim()).filter(Boolean)) {
    const match = /^([A-Za-z]+)=(\d{1,9})\/(\d{1,7})$/.exec(entry);
    if (!match) {
      issues.push(`BUDGETS: "${entry}" is not name=max/seconds`);
      continue;
    }
    const [, name = '', max, seconds] = match;
    if (!isBudgetName(name)) {
      issues.push(`BUDGETS: "${name}" is not a budget (${BUDGET_NAMES.join(', ')})`);
      continue;
    }
    if (Number(max) < 1 || Number(seconds) < 1) {
      issues.push(`BUDGETS: "${entry}" needs a max and a window of at least 1`);
      continue;
    }
    limits[name] = { max: Number(max), windowSeconds: Number(seconds) };
  }
  return limits;
}
