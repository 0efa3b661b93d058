import 'server-only';
import { hotelOrderOwner } from './orders/hotel/owner';
import { voucherOrderOwner } from './orders/voucher/owner';
import { createGateways } from './payments/gateways';
import type { ServiceParts, Services } from './services';
import { voucherWallet } from './vouchers/wallet';

/**
 * What the running site plugs into its services: the gateway adapters (pointed at the simulators
 * in sandbox mode by the configuration), the order modules as payment owners, and the voucher
 * ledger as the wallet. Tests build the same parts around their own services.
 */
export function productionParts(services: Services): ServiceParts {
  return {
    gateways: createGateways(services.config.payments, { clock: services.clock, sandbox: services.config.sandbox }),
    owners: { voucher_order: voucherOrderOwner(services), hotel_order: hotelOrderOwner(services) },
    wallet: voucherWallet(services),
  };
}
