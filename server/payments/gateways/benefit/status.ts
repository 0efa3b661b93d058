import type { GatewayStatus } from '../gateway';
import { BENEFIT_STATUSES, type BenefitStatus } from './fields';

/** The benefit gateways' statuses in our words; an expired payment ends rejected, as at ČSOB. */
export const BENEFIT_STATUS: Readonly<Record<BenefitStatus, GatewayStatus>> = {
  CREATED: 'waiting',
  PAID: 'paid',
  CANCELLED: 'cancelled',
  REJECTED: 'rejected',
  EXPIRED: 'rejected',
  REFUNDED: 'refunded',
};

export function isBenefitStatus(value: unknown): value is BenefitStatus {
  return typeof value === 'string' && (BENEFIT_STATUSES as readonly string[]).includes(value);
}
