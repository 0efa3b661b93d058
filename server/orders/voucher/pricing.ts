import 'server-only';
import { fromUnits } from '@/lib/money';
import { VARIANTS } from '@/lib/variants';
import type { Config } from '../../config';
import { DomainError } from '../../errors';
import { methodsFor, METHODS } from '../../payments/methods';
import { type AmountInput, type Calculation, calculatePayment, type PaymentRequest } from '../../pricing/payment-calculation';
import { PROMOTIONS } from '../../pricing/promotions';
import type { Site } from '../../site';
import type { Caller } from '../../security/caller';
import type { GuessLookups } from '../../vouchers/guesses';
import { findVouchers } from '../../vouchers/lookup';

/** Whether a site sells vouchers: the Czech ones always, the Polish one when the operator says so. */
export function sellsVouchers(config: Pick<Config, 'vouchers'>, site: Pick<Site, 'variant'>): boolean {
  return site.variant !== 'pl' || config.vouchers.soldOnPolishSite;
}

export interface VoucherOrderQuote {
  voucherValue: number;
  currency: 'CZK' | 'PLN';
  calculation: Calculation;
  /** 6 months when any part is paid through the Edenred flow, else 12. */
  validityMonths: number;
}

/**
 * Prices a voucher purchase on the server from what the visitor chose: the value is checked
 * against the site (does it sell vouchers, in its currency, within the configured bounds, in whole
 * units) and the payment split goes through the one payment calculation.
 */
export async function quoteVoucherOrder(
  services: GuessLookups,
  site: Site,
  caller: Caller,
  value: AmountInput | undefined,
  request: PaymentRequest,
): Promise<VoucherOrderQuote> {
  const variant = VARIANTS[site.variant];
  if (!sellsVouchers(services.config, site)) throw new DomainError('vouchers_not_sold');
  if (!value) throw new DomainError('invalid_voucher_value');
  if (!value.currency) throw new DomainError('missing_currency');
  if (value.currency !== variant.currency) throw new DomainError('currency_mismatch');
  const { minValue, maxValue } = services.config.vouchers;
  if (value.amount % 100 !== 0 || value.amount < fromUnits(minValue) || value.amount > fromUnits(maxValue)) {
    throw new DomainError('invalid_voucher_value');
  }
  const calculation = calculatePayment({
    orderValue: value.amount,
    currency: variant.currency,
    request,
    methods: methodsFor(site.variant, 'voucher'),
    configuredFees: services.config.payments.configuredFees,
    vouchers: await findVouchers(services, caller, request.voucherCodes, variant.currency),
    promotions: PROMOTIONS,
    now: services.clock.now(),
  });
  const edenredFlow = calculation.payments.some((p) => METHODS[p.methodId].shortVoucherValidity);
  return { voucherValue: value.amount, currency: variant.currency, calculation, validityMonths: edenredFlow ? 6 : 12 };
}
