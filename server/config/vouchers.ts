import { z } from 'zod';
import { onOff, positiveInt } from './env';

export const vouchersSchema = z.object({
  VOUCHER_MIN_VALUE: positiveInt.default(500),
  VOUCHER_MAX_VALUE: positiveInt.default(50_000),
  VOUCHER_EXPIRES_SOON_DAYS: positiveInt.max(365).default(30),
  VOUCHERS_PL: onOff.default('off'),
});

export interface VouchersConfig {
  /** Bounds of a custom voucher value, in whole units of the site's currency. */
  minValue: number;
  maxValue: number;
  /** A voucher in its last this-many days is shown as expiring soon. */
  expiresSoonDays: number;
  /** Whether the Polish site sells vouchers (in PLN); the header link follows it. */
  soldOnPolishSite: boolean;
}

export function resolveVouchers(env: z.output<typeof vouchersSchema>, issues: string[]): VouchersConfig {
  if (env.VOUCHER_MIN_VALUE > env.VOUCHER_MAX_VALUE) issues.push('VOUCHER_MIN_VALUE: must not exceed VOUCHER_MAX_VALUE');
  return {
    minValue: env.VOUCHER_MIN_VALUE,
    maxValue: env.VOUCHER_MAX_VALUE,
    expiresSoonDays: env.VOUCHER_EXPIRES_SOON_DAYS,
    soldOnPolishSite: env.VOUCHERS_PL === 'on',
  };
}
