import path from 'node:path';
import { z } from 'zod';
import type { CoreConfig } from './core';
import { baseUrl, nip, optional, percentBasisPoints, positiveInt } from './env';

import { GATEWAY_TYPES, type GatewayType } from '@/contracts/gateways';

export { GATEWAY_TYPES, type GatewayType };

/** The sandbox simulators' own base paths under /sandbox (sandbox/gateways mounts them there). */
const SANDBOX_API_PATH: Record<GatewayType, string> = {
  csob: '/sandbox/gateways/csob/api/v1.9',
  pluxee: '/sandbox/gateways/pluxee/api',
  edenred: '/sandbox/gateways/edenred/api',
  mybenefit: '/sandbox/gateways/mybenefit/api',
};
const SANDBOX_MERCHANT_ID: Record<GatewayType, string> = {
  csob: 'M1MIPS0000',
  pluxee: 'DZB-PLUXEE-TEST',
  edenred: 'DZB-EDENRED-TEST',
  mybenefit: 'WZB-MYBENEFIT-TEST',
};
// Valid test accounts (they pass the checksums): the first is ČSOB's own documentation example,
// the second a Polish NRB with a correct settlement-number check digit.
const SANDBOX_ACCOUNT_CZ = '19-2000145399/0800';
const SANDBOX_ACCOUNT_PL = '61109010140000071219812874';
/** A NIP with a valid check digit, standing for the operator's Polish tax number in sandbox mode. */
const SANDBOX_NIP_PL = '5260250274';

const gatewayVariables = (prefix: string) => ({
  [`${prefix}_API_URL`]: optional(baseUrl),
  [`${prefix}_MERCHANT_ID`]: optional(z.string().min(1)),
  [`${prefix}_MERCHANT_KEY_FILE`]: optional(z.string().min(1)),
  [`${prefix}_GATEWAY_KEY_FILE`]: optional(z.string().min(1)),
});

export const paymentsSchema = z.object({
  ...gatewayVariables('CSOB'),
  ...gatewayVariables('PLUXEE'),
  ...gatewayVariables('EDENRED'),
  ...gatewayVariables('MYBENEFIT'),
  SANDBOX_KEYS_DIR: z.string().min(1).default('./data/sandbox-keys'),
  GATEWAY_PAYMENT_TTL_SECONDS: positiveInt.min(300).max(1800).default(1800),
  TRANSFER_DUE_DAYS: positiveInt.max(30).default(3),
  FEE_PAYMENT_CARD: percentBasisPoints.default(0),
  FEE_TRANSFER: percentBasisPoints.default(0),
  BANK_ACCOUNT_CZ: optional(z.string().regex(/^(\d{1,6}-)?\d{2,10}\/\d{4}$/, 'expected [prefix-]number/bank')),
  BANK_ACCOUNT_PL: optional(z.string().regex(/^\d{26}$/, 'expected the 26-digit NRB')),
  BANK_NIP_PL: optional(nip),
  BANK_POLL_SECONDS: positiveInt.optional(),
  BANK_STATEMENT_URL: optional(baseUrl),
  BANK_STATEMENT_TOKEN: optional(z.string().min(1)),
  VAT_RATE_FEE: percentBasisPoints.default(2_100),
});

export interface GatewayConfig {
  apiUrl: string;
  merchantId: string;
  /** PEM file of our private key (signs requests). */
  merchantKeyFile: string;
  /** PEM file of the gateway's public key (verifies its answers, returns and notifications). */
  gatewayKeyFile: string;
}

export interface PaymentsConfig {
  gateways: Record<GatewayType, GatewayConfig>;
  /** In sandbox mode missing key files are generated here (never committed). */
  sandboxKeysDir: string;
  gatewayPaymentTtlSeconds: number;
  transferDueDays: number;
  /** Service fees of the methods "as configured" (card, transfer), in basis points. */
  configuredFees: { payment_card: number; transfer: number };
  bankAccounts: { cz: string; pl: string };
  recipientNipPl: string;
  /** How often incoming bank transfers are fetched. */
  bankPollSeconds: number;
  /** The bank statement API (server/payments/bank-statement.ts) and its bearer token. */
  bankStatement: { url: string; token: string | undefined };
  /** The VAT rate included in our service fees (basis points), printed on invoices. */
  feeVatRate: number;
}

type Env = z.output<typeof paymentsSchema>;

/**
 * The payment settings. Outside sandbox mode every gateway and bank setting is required (the
 * error names the variable); in sandbox mode each defaults to the simulators' own.
 */
export function resolvePayments(env: Env, core: CoreConfig, issues: string[]): PaymentsConfig {
  const value = (name: string, sandboxDefault: string): string => {
    const given: unknown = (env as Record<string, unknown>)[name];
    if (typeof given === 'string' && given !== '') return given;
    if (!core.sandbox) issues.push(`${name}: required when SANDBOX is off`);
    return sandboxDefault;
  };
  const gateway = (type: GatewayType): GatewayConfig => {
    const prefix = type.toUpperCase();
    return {
      apiUrl: value(`${prefix}_API_URL`, core.selfUrl + SANDBOX_API_PATH[type]),
      merchantId: value(`${prefix}_MERCHANT_ID`, SANDBOX_MERCHANT_ID[type]),
      merchantKeyFile: value(`${prefix}_MERCHANT_KEY_FILE`, path.join(env.SANDBOX_KEYS_DIR, `${type}-merchant.key`)),
      gatewayKeyFile: value(`${prefix}_GATEWAY_KEY_FILE`, path.join(env.SANDBOX_KEYS_DIR, `${type}-gateway.pub`)),
    };
  };
  return {
    gateways: {
      csob: gateway('csob'),
      pluxee: gateway('pluxee'),
      edenred: gateway('edenred'),
      mybenefit: gateway('mybenefit'),
    },
    sandboxKeysDir: env.SANDBOX_KEYS_DIR,
    gatewayPaymentTtlSeconds: env.GATEWAY_PAYMENT_TTL_SECONDS,
    transferDueDays: env.TRANSFER_DUE_DAYS,
    configuredFees: { payment_card: env.FEE_PAYMENT_CARD, transfer: env.FEE_TRANSFER },
    bankAccounts: {
      cz: value('BANK_ACCOUNT_CZ', SANDBOX_ACCOUNT_CZ),
      pl: value('BANK_ACCOUNT_PL', SANDBOX_ACCOUNT_PL),
    },
    // A company receiving a Polish transfer names its NIP in the payment QR code (ZBP field 1).
    recipientNipPl: value('BANK_NIP_PL', SANDBOX_NIP_PL),
    bankPollSeconds: env.BANK_POLL_SECONDS ?? (core.sandbox ? 5 : 60),
    bankStatement: {
      url: value('BANK_STATEMENT_URL', `${core.selfUrl}/sandbox/api/bank/statement`),
      token: env.BANK_STATEMENT_TOKEN,
    },
    feeVatRate: env.VAT_RATE_FEE,
  };
}
