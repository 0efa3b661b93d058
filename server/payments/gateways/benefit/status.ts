import type { GatewayStatus } from '../gateway';
import type { BenefitStatus } from '@/contracts/benefit';

/** The benefit gateways' statuses in our words; an expired payment ends rejected, as at ČSOB. */
export const BENEFIT_STATUS: Readonly<Record<BenefitStatus, GatewayStatus>> = {
  CREATED: 'waiting',
  PAID: 'paid',
  CANCELLED: 'cancelled',
  REJECTED: 'rejected',
  EXPIRED: 'rejected',
  REFUNDED: 'refunded',
};
