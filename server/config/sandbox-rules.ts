import type { CoreConfig } from './core';

/** Variables that point the site at a real outside system: with the sandbox on, none may be set. */
const REAL_SYSTEMS = [
  'BOOKING_API_URL',
  'BOOKING_API_KEY',
  'CSOB_API_URL',
  'PLUXEE_API_URL',
  'EDENRED_API_URL',
  'MYBENEFIT_API_URL',
  'BANK_STATEMENT_URL',
  'SMTP_URL',
] as const;

/**
 * The simulators pay any order and book real-looking stays, so outside dev and test they are a
 * back door unless kept apart: SANDBOX=on there needs SANDBOX_ALLOW naming the environment, and
 * the site never mixes simulated and real outside systems (real hotels booked with simulated
 * money, or the reverse). In dev and test an adapter may point anywhere, so tests can put a fault
 * proxy between the site and a simulator.
 */
export function checkSandboxRules(env: Record<string, string | undefined>, core: CoreConfig, issues: string[]): void {
  if (core.appEnv === 'dev' || core.appEnv === 'test') return;
  if (core.sandbox) {
    if (core.sandboxAllow !== core.appEnv) {
      issues.push(
        `SANDBOX: on in APP_ENV=${core.appEnv} needs SANDBOX_ALLOW=${core.appEnv} too (the simulators pay and book anything; /sandbox then answers loopback clients and SANDBOX_TOKEN only)`,
      );
    }
    const real = REAL_SYSTEMS.filter((name) => env[name]);
    if (real.length > 0) issues.push(`SANDBOX: on, yet ${real.join(', ')} point at real systems; the site never mixes simulated and real outside systems outside dev and test`);
    return;
  }
  const simulated = Object.entries(env)
    .filter(([name, value]) => /_URL$/.test(name) && typeof value === 'string' && /\/sandbox(\/|$)/.test(safePath(value)))
    .map(([name]) => name);
  if (simulated.length > 0) issues.push(`SANDBOX: off, yet ${simulated.join(', ')} point at the simulators`);
}

function safePath(value: string): string {
  try {
    return new URL(value).pathname;
  } catch {
    return '';
  }
}
