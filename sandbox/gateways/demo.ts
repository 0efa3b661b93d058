import { randomInt, randomUUID } from 'node:crypto';
import type { GatewayType } from '@/contracts/gateways';
import type { Currency, Language } from '@/lib/variants';
import type { Gateway, GatewayStatus } from '@/server/payments/gateways/gateway';
import { parseMoney } from './money';
import type { Sim } from './sim';

/** Where each simulator's protocol lives, below the site's origin (as server/config defaults it). */
export const API_PATH: Record<GatewayType, string> = {
  csob: '/sandbox/gateways/csob/api/v1.9',
  pluxee: '/sandbox/gateways/pluxee/api',
  edenred: '/sandbox/gateways/edenred/api',
  mybenefit: '/sandbox/gateways/mybenefit/api',
};

export type PagesHandler = (request: Request) => Promise<Response>;

/**
 * The site's real adapter (handed over by the composition root), signing as the merchant with the
 * sandbox merchant key, talking to this simulator in-process (the same signed requests and
 * answers, no socket), so the "try it" page exercises the real protocol without the shop.
 */
export function demoGateway(sim: Sim, type: GatewayType, origin: string, handle: PagesHandler): Gateway {
  const inProcess: typeof fetch = (input, init) => handle(new Request(input, init));
  return sim.tryIt.gateway(type, origin + API_PATH[type], inProcess);
}

export interface DemoForm {
  amount: number;
  currency: Currency;
  language: Language;
  description: string;
}

/** The "start a demo payment" form, checked; a string says what is wrong. */
export function readDemoForm(form: URLSearchParams): DemoForm | string {
  const amount = parseMoney(form.get('amount') ?? '');
  if (amount === undefined) return 'Enter an amount such as 1234.50.';
  const currency = form.get('currency');
  if (currency !== 'CZK' && currency !== 'PLN') return 'Choose CZK or PLN.';
  const language = form.get('language');
  if (language !== 'cs' && language !== 'pl' && language !== 'en') return 'Choose a language.';
  const description = (form.get('description') ?? '').trim().slice(0, 60) || 'Demo stay';
  return { amount, currency, language, description };
}

/** Starts a payment the way the shop does; returns the gateway page to send the browser to. */
export async function startDemoPayment(sim: Sim, gateway: Gateway, type: GatewayType, origin: string, form: DemoForm): Promise<string> {
  const created = await gateway.create({
    paymentId: randomUUID(),
    orderNumber: String(randomInt(1, 1_000_000_000)),
    amount: form.amount,
    currency: form.currency,
    description: form.description,
    language: form.language,
    // Back to the "try it" page, which verifies the return like the shop would.
    returnUrl: `${origin}/sandbox/gateways/${type}`,
    // Server to server: the site's own address, never one taken from the request's Host header.
    notifyUrl: `${sim.services.config.selfUrl}/sandbox/gateways/${type}/demo-notify`,
    ttlSeconds: sim.services.config.payments.gatewayPaymentTtlSeconds,
  });
  return created.redirectUrl;
}

export type DemoReturn =
  | { verified: true; gatewayPaymentId: string; status?: GatewayStatus; error?: string }
  | { verified: false; reason: string };

/** Verifies a return as the shop would, then asks the gateway where the payment stands. */
export async function checkDemoReturn(sim: Sim, gateway: Gateway, fields: URLSearchParams): Promise<DemoReturn> {
  let gatewayPaymentId: string;
  try {
    gatewayPaymentId = gateway.verifyReturn(fields).gatewayPaymentId;
  } catch (error) {
    const refusal = sim.tryIt.refusal(error);
    if (refusal) return { verified: false, reason: refusal.message };
    throw error;
  }
  try {
    return { verified: true, gatewayPaymentId, status: (await gateway.status(gatewayPaymentId)).status };
  } catch (error) {
    return { verified: true, gatewayPaymentId, error: error instanceof Error ? error.message : String(error) };
  }
}
