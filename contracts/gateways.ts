/** The payment gateways the site speaks to: ČSOB (cards) and the benefit providers. */
export const GATEWAY_TYPES = ['csob', 'pluxee', 'edenred', 'mybenefit'] as const;
export type GatewayType = (typeof GATEWAY_TYPES)[number];

/** The gateways that speak the benefit protocol (contracts/benefit.ts). */
export type BenefitGatewayType = Exclude<GatewayType, 'csob'>;
