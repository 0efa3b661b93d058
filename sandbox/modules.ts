import { BANK_MOUNTS } from './bank';
import { BOOKING_MOUNTS } from './booking';
import { CLOCK_MOUNTS } from './clock';
import { GATEWAY_SANDBOX_MOUNTS } from './gateways';
import type { SandboxMount } from './index';
import { MAIL_MOUNTS } from './mail';

/**
 * The simulators, in the order the index lists them. Each lives in its own folder and adds
 * itself here.
 */
export const SANDBOX_MODULES: SandboxMount[] = [...BOOKING_MOUNTS, ...GATEWAY_SANDBOX_MOUNTS, ...BANK_MOUNTS, ...MAIL_MOUNTS, ...CLOCK_MOUNTS];
