import 'server-only';
import { fromUnits } from '@/lib/money';
import { type Currency, VARIANTS } from '@/lib/variants';
import { sellsVouchers } from '../orders/voucher/pricing';
import { feeOf, type MethodDefinition, methodsFor } from '../payments/methods';
import { replaceFailedPayment } from '../payments/retry';
import { type PaymentView, paymentView } from '../payments/view';
import type { Caller } from '../security/caller';
import type { Services } from '../services';
import type { Site } from '../site';

export type RetryPorts = Pick<Services, 'budgets' | 'clock' | 'config' | 'db' | 'gateways' | 'owners' | 'report' | 'wallet'>;

/**
 * PaymentRetry: pays a failed part of an order again (server/payments/retry.ts) and answers the
 * new attempt as the order page shows it. Each retry starts a gateway payment, so it costs the
 * caller a unit of paymentRetries.
 */
export async function retryPayment(ports: RetryPorts, site: Site, caller: Caller, orderId: string, paymentId: string): Promise<PaymentView> {
  await ports.budgets.spend('paymentRetries', caller);
  const { order, payment } = await replaceFailedPayment(ports, site, orderId, paymentId);
  return paymentView(ports, order, payment);
}

/** What a payment step shows before anything is priced. */
export interface SiteMethods {
  currency: Currency;
  /** The methods for hotel orders and for voucher purchases (none where the site sells no vouchers). */
  hotel: MethodDefinition[];
  voucher: MethodDefinition[];
  /** The service fee each of them adds, in basis points. */
  feeBasisPoints: Record<string, number>;
  /** The voucher values the site sells, in minor units. */
  voucherValues: { min: number; max: number };
  /** The price of the cancellation insurance, in minor units. */
  insurance: number;
}

/**
 * PaymentMethods: the methods the site offers for hotel orders and voucher purchases, with the
 * fee each adds (from the same table the pricing reads), the voucher values the site sells and
 * the price of the cancellation insurance.
 */
export function siteMethods({ config }: Pick<Services, 'config'>, site: Site): SiteMethods {
  const currency = VARIANTS[site.variant].currency;
  const hotel = methodsFor(site.variant, 'hotel');
  const voucher = sellsVouchers(config, site) ? methodsFor(site.variant, 'voucher') : [];
  return {
    currency,
    hotel,
    voucher,
    feeBasisPoints: Object.fromEntries([...hotel, ...voucher].map((method) => [method.id, feeOf(method, config.payments.configuredFees)])),
    voucherValues: { min: fromUnits(config.vouchers.minValue), max: fromUnits(config.vouchers.maxValue) },
    insurance: config.booking.insurance[currency],
  };
}
