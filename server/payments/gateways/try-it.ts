import 'server-only';
import path from 'node:path';
import type { GatewayType } from '@/contracts/gateways';
import type { PaymentsConfig } from '../../config/payments';
import type { Services } from '../../services';
import { CallbackRejected, type Gateway } from './gateway';
import { createGateways } from './index';

/**
 * The site's own gateway adapters for the simulators' "try it" pages: each signs as the merchant
 * with the sandbox merchant key and talks to a simulator through the fetch it is given. The
 * composition root hands them to the sandbox, which builds nothing of the site's own.
 */
export interface TryItAdapters {
  gateway(type: GatewayType, apiUrl: string, fetch: typeof globalThis.fetch): Gateway;
  /** Why the adapter refused a return or notification (forged, stale), or undefined for any other error. */
  refusal(error: unknown): { reason: string; message: string } | undefined;
}

export function tryItAdapters(services: Services): TryItAdapters {
  return {
    gateway(type, apiUrl, fetch) {
      const payments = services.config.payments;
      const dir = payments.sandboxKeysDir;
      const config: PaymentsConfig = {
        ...payments,
        gateways: {
          ...payments.gateways,
          [type]: {
            apiUrl,
            merchantId: payments.gateways[type].merchantId,
            merchantKeyFile: path.join(dir, `${type}-merchant.key`),
            gatewayKeyFile: path.join(dir, `${type}-gateway.pub`),
          },
        },
      };
      return createGateways(config, { clock: services.clock, sandbox: true, fetch })[type];
    },
    refusal: (error) => (error instanceof CallbackRejected ? { reason: error.reason, message: error.message } : undefined),
  };
}
