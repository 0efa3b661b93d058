import { z } from 'zod';
import { type BookingConfig, bookingSchema, resolveBooking } from './booking';
import { budgetsSchema, resolveBudgets } from './budgets';
import { type ConsoleConfig, consoleSchema, resolveConsole } from './console';
import { type CoreConfig, coreSchema } from './core';
import { type LimitsConfig, limitsSchema } from './limits';
import { type MailConfig, mailSchema, resolveMail } from './mail';
import { type PaymentsConfig, paymentsSchema, resolvePayments } from './payments';
import { checkSandboxRules } from './sandbox-rules';
import { resolveVouchers, type VouchersConfig, vouchersSchema } from './vouchers';
import type { BudgetLimits } from '../security/budgets';

/**
 * Every environment variable the server reads, validated at start; the error names each variable
 * that is wrong. Build-time values (version, commit, branch, docker tag) are baked in by
 * next.config.ts and read through lib/build-info.ts instead.
 */
export type Config = CoreConfig & {
  payments: PaymentsConfig;
  mail: MailConfig;
  vouchers: VouchersConfig;
  booking: BookingConfig;
  budgets: BudgetLimits;
  console: ConsoleConfig;
  limits: LimitsConfig;
};

export function parseConfig(env: Record<string, string | undefined>): Config {
  const issues: string[] = [];
  const section = <S extends z.ZodType>(schema: S): z.output<S> | undefined => {
    const result = schema.safeParse(env);
    if (result.success) return result.data;
    issues.push(z.prettifyError(result.error));
    return undefined;
  };
  const core = section(coreSchema);
  const payments = section(paymentsSchema);
  const mail = section(mailSchema);
  const vouchers = section(vouchersSchema);
  const booking = section(bookingSchema);
  const budgets = section(budgetsSchema);
  const operatorConsole = section(consoleSchema);
  const limits = section(limitsSchema);
  if (core && payments && mail && vouchers && booking && budgets && operatorConsole && limits) {
    checkSandboxRules(env, core, issues);
    const config = {
      ...core,
      payments: resolvePayments(payments, core, issues),
      mail: resolveMail(mail, core),
      vouchers: resolveVouchers(vouchers, issues),
      booking: resolveBooking(booking, core, issues),
      budgets: resolveBudgets(budgets, issues),
      console: resolveConsole(operatorConsole, core, issues),
      limits,
    };
    if (issues.length === 0) return config;
  }
  throw new Error(`Invalid configuration:\n${issues.join('\n')}`);
}
