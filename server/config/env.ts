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
