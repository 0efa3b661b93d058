import type { GatewayType } from '@/contracts/gateways';
import { isBenefitStatus } from '@/contracts/benefit';
import { CSOB_PAYMENT_STATUS } from '@/contracts/csob';
import { Html } from '../../html';
import type { Payment } from '../store';

/** Each provider's page looks like its own brand, so a tester knows at a glance where they are. */
export const PROVIDER: Record<GatewayType, { name: string; style: Html }> = {
  csob: {
    name: 'ČSOB',
    style: new Html(`<style>
header{background:#003b70}.brand{color:#003b70;font-weight:700;letter-spacing:.04em}
button{background:#003b70;border-color:#003b70}button.secondary{color:#003b70;border-color:#003b70}
</style>`),
  },
  pluxee: {
    name: 'Pluxee',
    style: new Html(`<style>
header{background:#221c46}.brand{color:#221c46;font-weight:800;font-size:1.5rem}
button{background:#00eb5e;border-color:#221c46;color:#221c46;font-weight:700}button.secondary{background:#fff;color:#221c46}
</style>`),
  },
  edenred: {
    name: 'Edenred',
    style: new Html(`<style>
header{background:#a30020}.brand{color:#c8001e;font-weight:800;font-size:1.5rem;font-style:italic}
button{background:#c8001e;border-color:#c8001e}button.secondary{background:#fff;color:#a30020;border-color:#a30020}
</style>`),
  },
  mybenefit: {
    name: 'MyBenefit',
    style: new Html(`<style>
header{background:#0a4b8f}.brand{color:#0a4b8f;font-weight:800;font-size:1.5rem}
button{background:#f28c00;border-color:#0a4b8f;color:#fff;font-weight:700}button.secondary{background:#fff;color:#0a4b8f;border-color:#0a4b8f}
</style>`),
  },
};

/** Shared layout bits of the simulator pages. */
export const LAYOUT = new Html(`<style>
.facts{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:1rem 0}.facts dt{font-weight:600}.facts dd{margin:0}
.actions{display:flex;flex-wrap:wrap;gap:.75rem}fieldset{border:0;padding:0;margin:0}legend{font-weight:600;margin-bottom:.75rem}
.languages{display:flex;gap:1rem;margin-bottom:1rem}.languages a{display:inline-block;min-height:2.75rem;line-height:2.75rem}
.ok{background:#e6f4ea;border-left:4px solid #1e7b34;padding:.5rem .75rem}.bad{background:#fde7e9;border-left:4px solid #b3261e;padding:.5rem .75rem}
</style>`);

/** How a payer would put a payment's state, whatever the provider calls it. */
export type PayerWord = 'waiting' | 'paid' | 'cancelled' | 'rejected' | 'revoked' | 'refunded';

// The simulator's own reading of the published states (contracts/), not the shop's adapter's.
const CSOB_WORDS: Record<(typeof CSOB_PAYMENT_STATUS)[keyof typeof CSOB_PAYMENT_STATUS], PayerWord> = {
  initiated: 'waiting',
  in_progress: 'waiting',
  cancelled: 'cancelled',
  confirmed: 'paid',
  revoked: 'revoked',
  rejected: 'rejected',
  waiting_for_settlement: 'paid',
  settled: 'paid',
  refund_processing: 'refunded',
  refunded: 'refunded',
};
const BENEFIT_WORDS = { CREATED: 'waiting', PAID: 'paid', CANCELLED: 'cancelled', REJECTED: 'rejected', EXPIRED: 'rejected', REFUNDED: 'refunded' } as const;

/** A stored payment's state in a payer's words. */
export function gatewayStatusOf(type: GatewayType, payment: Payment): PayerWord | undefined {
  if (type === 'csob') {
    const code = Number(payment.status);
    return Object.hasOwn(CSOB_PAYMENT_STATUS, code) ? CSOB_WORDS[CSOB_PAYMENT_STATUS[code as keyof typeof CSOB_PAYMENT_STATUS]] : undefined;
  }
  return isBenefitStatus(payment.status) ? BENEFIT_WORDS[payment.status] : undefined;
}
