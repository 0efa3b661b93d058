import { z } from 'zod';
import { giftRecipientSchema, orderFormSchema } from './order-form';


/**
 * The voucher purchase form: the value (a preset or a custom whole amount within the configured
 * bounds, checked again on the server), the optional gift recipient, and the order form.
 */
export function voucherFormSchema(bounds: { minValue: number; maxValue: number }) {
  return z.object({
    value: z.preprocess(
      wholeUnits,
      z
        .number({ error: (issue) => (issue.input === undefined ? 'required' : 'wholeAmount') })
        .int('wholeAmount')
        .min(bounds.minValue, 'voucherMin')
        .max(bounds.maxValue, 'voucherMax'),
    ),
    gift: z.boolean().default(false),
    presentFor: giftRecipientSchema.optional(),
    order: orderFormSchema.omit({ noteForHotel: true }),
  });
}

/**
 * The value as typed: empty is missing; "2 500" and "2500,50" are numbers (the latter then
 * refused as not whole), so a filled-in field is never reported as empty.
 */
function wholeUnits(input: unknown): unknown {
  if (typeof input !== 'string') return input;
  const compact = input.replace(/[\s\u00a0]/g, '');
  if (compact === '') return undefined;
  return /^\d+([.,]\d+)?$/.test(compact) ? Number(compact.replace(',', '.')) : Number.NaN;
}

export const VOUCHER_FORM_ERRORS = ['wholeAmount', 'voucherMin', 'voucherMax'] as const;
