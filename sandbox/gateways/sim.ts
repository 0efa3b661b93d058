import type { KeyObject } from 'node:crypto';
import path from 'node:path';
import type { GatewayType } from '@/contracts/gateways';
import { ensureSandboxKeyPair, readPrivateKey, readPublicKey } from '@/contracts/sandbox-keys';
import type { TryItAdapters } from '@/server/payments/gateways/try-it';
import { type SandboxDb, sandboxDb } from '../db/database';
import type { SandboxContext, SimulatorPorts } from '../index';

export interface SimulatorKeys {
  /** The merchant's public key: verifies the requests the site signs. */
  merchantKey: KeyObject;
  /** The gateway's private key: signs every answer, return and notification. */
  gatewayKey: KeyObject;
}

/** What every simulated gateway needs from the site it stands beside. */
export interface Sim {
  services: SimulatorPorts;
  /** The site's adapters for the "try it" pages (sandbox/index.ts). */
  tryIt: TryItAdapters;
  db(): Promise<SandboxDb>;
  now(): Date;
  keys(type: GatewayType): SimulatorKeys;
  /** The merchant id the site is configured with: the only one the simulator accepts. */
  merchantId(type: GatewayType): string;
}

const keyCache = new Map<string, SimulatorKeys>();

/**
 * The key pairs in the sandbox keys folder, the same files the site's adapters read: generated
 * on first use by whichever side comes first.
 */
function simulatorKeys(dir: string, type: GatewayType): SimulatorKeys {
  const cacheKey = `${path.resolve(dir)}\n${type}`;
  let keys = keyCache.get(cacheKey);
  if (!keys) {
    ensureSandboxKeyPair(dir, `${type}-merchant`);
    ensureSandboxKeyPair(dir, `${type}-gateway`);
    keys = {
      merchantKey: readPublicKey(path.join(dir, `${type}-merchant.pub`)),
      gatewayKey: readPrivateKey(path.join(dir, `${type}-gateway.key`)),
    };
    keyCache.set(cacheKey, keys);
  }
  return keys;
}

export function simOf(context: SandboxContext): Sim {
  const { services } = context;
  return {
    services,
    tryIt: context.tryIt,
    db: async () => sandboxDb(await services.db(), 'gateways'),
    now: () => services.clock.now(),
    keys: (type) => simulatorKeys(services.config.payments.sandboxKeysDir, type),
    merchantId: (type) => services.config.payments.gateways[type].merchantId,
  };
}
