import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A form resolver that loads its schema, zod and the zod resolver on the first validation (a
 * field left or the form sent), not with the page: they are the largest part of a form page's
 * first-load JavaScript, and a page is read before anything is typed.
 */
export function lazyResolver<TValues extends FieldValues, TContext, TParsed>(
  load: () => Promise<Resolver<TValues, TContext, TParsed>>,
): Resolver<TValues, TContext, TParsed> {
  let loading: Promise<Resolver<TValues, TContext, TParsed>> | undefined;
  return async (values, context, options) => {
    loading ??= load().catch((error: unknown) => {
      // A failed chunk load is tried again at the next validation, not kept as the answer.
      loading = undefined;
      throw error;
    });
    return (await loading)(values, context, options);
  };
}
