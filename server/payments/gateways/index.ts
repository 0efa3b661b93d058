import 'server-only';
import type { Clock } from '@/server/clock';
import type { PaymentsConfig } from '../../config/payments';
import { createBenefitGateway } from './benefit/adapter';
import { type CsobGateway, createCsobGateway } from './csob/adapter';
import type { Gateway, GatewayType } from './gateway';
import { gatewayKeys } from './key-ring';

export interface CreateGatewaysOptions {
  clock: Clock;
  /** Outbound HTTP (tests may route it); the global fetch otherwise. */
  fetch?: typeof fetch;
  /** Sandbox mode: missing key pairs are generated, http payment pages are allowed. */
  sandbox: boolean;
}

/**
 * The four gateways, configured. Keys are read from the configured files on first use, so
 * building the gateways costs nothing and a missing key fails the first call that needs it.
 */
export type Gateways = Record<GatewayType, Gateway> & { csob: CsobGateway };

export function createGateways(config: PaymentsConfig, options: CreateGatewaysOptions): Gateways {
  const fetchFn: typeof fetch = options.fetch ?? ((input, init) => fetch(input, init));
  const common = (type: GatewayType) => ({
    config: config.gateways[type],
    keys: gatewayKeys(type, config, options.sandbox),
    clock: options.clock,
    fetch: fetchFn,
  });
  return {
    csob: createCsobGateway(common('csob')),
    pluxee: createBenefitGateway('pluxee', { ...common('pluxee'), sandbox: options.sandbox }),
    edenred: createBenefitGateway('edenred', { ...common('edenred'), sandbox: options.sandbox }),
    // Benefit Systems' MyBenefit cafeteria (Polish site) speaks the same benefit protocol.
    mybenefit: createBenefitGateway('mybenefit', { ...common('mybenefit'), sandbox: options.sandbox }),
  };
}

export type { CsobGateway };
export { GatewayResultError, InvalidGatewaySignature } from './errors';
export * from './gateway';
