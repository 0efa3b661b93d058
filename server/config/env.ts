import { z } from 'zod';

/** An optional variable: unset and empty both mean "not configured". */
export const optional = <T extends z.ZodType>(schema: T) =>
  schema.optional().or(z.literal('').transform(() => undefined));

export const onOff = z.enum(['on', 'off']);

/** An http(s) base URL without a trailing slash. */
export const baseUrl = z
  .url({ protocol: /^https?$/ })
  .transform((value) => value.replace(/\/+$/, ''));

/** A percentage written as a decimal number ("6.9") kept exactly as basis points (690). */
export const percentBasisPoints = z
  .string()
  .regex(/^\d{1,2}(\.\d{1,2})?$|^100$/, 'expected a percentage such as 2.5')
  .transform((value) => {
    const [whole = '0', fraction = ''] = value.split('.');
    return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  });

export const positiveInt = z.coerce.number().int().positive();

/** A Polish NIP: 10 digits, the last a check digit (weights 6,5,7,2,3,4,5,6,7, sum mod 11). */
export const nip = z.string().refine((value) => {
  if (!/^\d{10}$/.test(value)) return false;
  const digits = [...value].map(Number);
  const sum = [6, 5, 7, 2, 3, 4, 5, 6, 7].reduce((total, weight, i) => total + weight * digits[i]!, 0);
  return sum % 11 === digits[9];
}, 'expected a 10-digit NIP with its check digit');
