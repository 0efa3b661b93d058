import type { Partner } from '@/lib/route-params';
import type { VariantKey } from '@/lib/variants';
import type { GatewayType } from '../config/payments';

/**
 * The payment methods, as data: who takes the money (gateway), what we charge on top (service
 * fee, in basis points: 690 = 6.9 %), which orders a method serves, and which sites offer it.
 * Pricing, the PaymentMethods call, the partner pages and the payment service all read this one
 * table; nothing branches on a method id elsewhere.
 */
export const METHOD_IDS = [
  'edenred_card',
  'pluxee_cafeteria',
  'up_card',
  'payment_card',
  'edenred_cafeteria',
  'transfer',
  'mybenefit',
] as const;
export type MethodId = (typeof METHOD_IDS)[number];

export type MethodType = 'BANK_TRANSFER' | 'PAYMENT_CARD' | 'BENEFIT_PROVIDER';

/** A fee fixed by the provider's contract, or one the operator configures (card, transfer). */
export type Fee = { basisPoints: number } | { configured: 'payment_card' | 'transfer' };

export interface MethodDefinition {
  id: MethodId;
  type: MethodType;
  /** Display name; the UI shows `paymentMethods.<translationCode>` from messages/. */
  name: string;
  translationCode: MethodId;
  /** Who takes the payment; null for a bank transfer, which we pair by variable symbol. */
  gateway: GatewayType | null;
  fee: Fee;
  /** The benefit provider behind the method (partner pages show its fee). */
  provider?: Partner;
  serves: { hotel: boolean; voucher: boolean };
  /** Vouchers bought with it are valid 6 months instead of 12 (the Edenred flow). */
  shortVoucherValidity?: boolean;
}

export const METHODS: Record<MethodId, MethodDefinition> = {
  edenred_card: {
    id: 'edenred_card',
    type: 'BENEFIT_PROVIDER',
    name: 'Edenred Card',
    translationCode: 'edenred_card',
    gateway: 'csob',
    fee: { basisPoints: 590 },
    provider: 'edenred',
    serves: { hotel: true, voucher: true },
    shortVoucherValidity: true,
  },
  pluxee_cafeteria: {
    id: 'pluxee_cafeteria',
    type: 'BENEFIT_PROVIDER',
    name: 'Pluxee',
    translationCode: 'pluxee_cafeteria',
    gateway: 'pluxee',
    fee: { basisPoints: 1_000 },
    provider: 'pluxee',
    serves: { hotel: true, voucher: true },
  },
  up_card: {
    id: 'up_card',
    type: 'BENEFIT_PROVIDER',
    name: 'Up Card',
    translationCode: 'up_card',
    gateway: 'csob',
    fee: { basisPoints: 690 },
    provider: 'up',
    serves: { hotel: true, voucher: true },
  },
  payment_card: {
    id: 'payment_card',
    type: 'PAYMENT_CARD',
    name: 'Payment card',
    translationCode: 'payment_card',
    gateway: 'csob',
    fee: { configured: 'payment_card' },
    serves: { hotel: true, voucher: true },
  },
  edenred_cafeteria: {
    id: 'edenred_cafeteria',
    type: 'BENEFIT_PROVIDER',
    name: 'Edenred Benefity Café',
    translationCode: 'edenred_cafeteria',
    gateway: 'edenred',
    fee: { basisPoints: 590 },
    provider: 'edenred',
    serves: { hotel: true, voucher: true },
    shortVoucherValidity: true,
  },
  transfer: {
    id: 'transfer',
    type: 'BANK_TRANSFER',
    name: 'Bank transfer',
    translationCode: 'transfer',
    gateway: null,
    fee: { configured: 'transfer' },
    serves: { hotel: true, voucher: true },
  },
  mybenefit: {
    id: 'mybenefit',
    type: 'BENEFIT_PROVIDER',
    name: 'MyBenefit',
    translationCode: 'mybenefit',
    gateway: 'mybenefit',
    fee: { basisPoints: 1_000 },
    provider: 'benefit-systems',
    serves: { hotel: true, voucher: true },
  },
};

/**
 * What each site offers, in the order the payment step lists it. The Pluxee white label lists
 * Pluxee first and offers what its contract allows besides (card, Up, transfer).
 */
export const SITE_METHODS: Record<VariantKey, readonly MethodId[]> = {
  cz: ['edenred_card', 'pluxee_cafeteria', 'up_card', 'payment_card', 'edenred_cafeteria', 'transfer'],
  pluxee: ['pluxee_cafeteria', 'payment_card', 'up_card', 'transfer'],
  pl: ['payment_card', 'mybenefit', 'transfer'],
};

/**
 * The three methods a stay that starts today or tomorrow can be paid with: those confirmed within
 * minutes, so the room is booked before the guest arrives (spec §1). The Polish site has two
 * until a second instant provider is contracted there.
 */
export const IMMEDIATE_METHODS: Record<VariantKey, readonly MethodId[]> = {
  cz: ['payment_card', 'pluxee_cafeteria', 'edenred_card'],
  pluxee: ['pluxee_cafeteria', 'payment_card', 'up_card'],
  pl: ['payment_card', 'mybenefit'],
};

export type OrderKind = 'hotel' | 'voucher';

/** The methods a site offers for an order; an immediate stay gets only those that settle at once. */
export function methodsFor(site: VariantKey, kind: OrderKind, options: { immediate?: boolean } = {}): MethodDefinition[] {
  const ids = options.immediate ? IMMEDIATE_METHODS[site] : SITE_METHODS[site];
  return ids.map((id) => METHODS[id]).filter((method) => method.serves[kind]);
}

/** The service fee of a method in basis points, with the operator's configured card/transfer fees. */
export function feeOf(method: MethodDefinition, configured: Record<'payment_card' | 'transfer', number>): number {
  return 'basisPoints' in method.fee ? method.fee.basisPoints : configured[method.fee.configured];
}

export function isMethodId(value: string): value is MethodId {
  return (METHOD_IDS as readonly string[]).includes(value);
}
