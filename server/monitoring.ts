import { captureException } from '@sentry/core';

/** Receives every unexpected error with what is known about the request it broke. */
export type ErrorReporter = (error: unknown, context: Record<string, string>) => void;

/**
 * Logs the error and hands it to monitoring. Sentry is initialised by instrumentation.ts only
 * when SENTRY_DSN is set; until then capturing is a no-op.
 */
export const consoleAndMonitoring: ErrorReporter = (error, context) => {
  console.error('[error]', context, error);
  captureException(error, { tags: context });
};
