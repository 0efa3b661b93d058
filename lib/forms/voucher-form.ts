import { z } from 'zod';
import { orderFormSchema, personSchema } from './order-form';

/** Presets of the voucher purchase page, in whole units of the site's currency. */
export const VOUCHER_PRESETS = [1000, 3000, 5000] as const;

/**
 * The voucher purchase form: the value (a preset or a custom whole amount within the configured
 * bounds, checked again on the server), the optional gift recipient, and the order form.
 */
export function voucherFormSchema(bounds: { minValue: number; maxValue: number }) {
  return z.object({
    value: z.coerce
      .number('required')
      .int('wholeAmount')
      .min(bounds.minValue, 'voucherMin')
      .max(bounds.maxValue, 'voucherMax'),
    gift: z.boolean().default(false),
    presentFor: personSchema.optional(),
    order: orderFormSchema.omit({ noteForHotel: true }),
  });
}

export const VOUCHER_FORM_ERRORS = ['wholeAmount', 'voucherMin', 'voucherMax'] as const;
