import { z } from 'zod';
import { positiveInt } from './env';

/**
 * How much work one process takes on at once (README "Overload"). Beyond each limit a request
 * is answered 503 with Retry-After at once, instead of waiting without end or failing with 500.
 */
export const limitsSchema = z
  .object({
    /** API calls and document downloads this process serves at once. */
    MAX_IN_FLIGHT: positiveInt.default(64),
    /** PostgreSQL connections of this process's pool. */
    DB_POOL_SIZE: positiveInt.default(10),
    /** How long a query waits for a free connection of the pool. */
    DB_POOL_WAIT_MS: positiveInt.default(1_000),
    /** PDFs rendered at once, how many more may wait, and for how long. */
    PDF_RENDERS: positiveInt.default(2),
    PDF_RENDER_QUEUE: z.coerce.number().int().nonnegative().default(8),
    PDF_RENDER_WAIT_MS: positiveInt.default(2_000),
  })
  .transform((env) => ({
    maxInFlight: env.MAX_IN_FLIGHT,
    dbPool: { size: env.DB_POOL_SIZE, waitMs: env.DB_POOL_WAIT_MS },
    renders: { atOnce: env.PDF_RENDERS, queue: env.PDF_RENDER_QUEUE, waitMs: env.PDF_RENDER_WAIT_MS },
  }));

export type LimitsConfig = z.output<typeof limitsSchema>;
