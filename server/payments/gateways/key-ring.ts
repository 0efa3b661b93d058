import 'server-only';
import type { KeyObject } from 'node:crypto';
import type { GatewayType, PaymentsConfig } from '../../config/payments';
import { ensureSandboxKeyPair, readPrivateKey, readPublicKey } from '@/contracts/sandbox-keys';

export interface GatewayKeys {
  /** Our private key: signs requests. */
  merchantKey: KeyObject;
  /** The gateway's public key: verifies its answers, returns and notifications. */
  gatewayKey: KeyObject;
}

/**
 * The keys of one gateway, read from the configured files on first use and kept. In sandbox
 * mode both pairs are generated first if missing, exactly as the simulator does, so the site and
 * the simulator agree on them whichever starts first.
 */
export function gatewayKeys(type: GatewayType, config: PaymentsConfig, sandbox: boolean): () => GatewayKeys {
  let keys: GatewayKeys | undefined;
  return () => {
    if (!keys) {
      if (sandbox) {
        ensureSandboxKeyPair(config.sandboxKeysDir, `${type}-merchant`);
        ensureSandboxKeyPair(config.sandboxKeysDir, `${type}-gateway`);
      }
      const files = config.gateways[type];
      keys = { merchantKey: readPrivateKey(files.merchantKeyFile), gatewayKey: readPublicKey(files.gatewayKeyFile) };
    }
    return keys;
  };
}
