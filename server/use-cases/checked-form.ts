import type { z } from 'zod';
import { DomainError } from '../errors';

/**
 * What a visitor filled in, checked with the same schema as the browser's form (lib/forms/): a
 * form the page would not have sent is invalid_request, naming the fields and their problems.
 */
export function checkedForm<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  const form = schema.safeParse(input);
  if (!form.success) throw new DomainError('invalid_request', form.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  return form.data;
}
