/** An uncaught error or unhandled rejection seen before monitoring was loaded. */
export type EarlyError = { kind: 'error'; error: unknown } | { kind: 'rejection'; reason: unknown };

/** More than this before monitoring starts is a loop; the first ones are the useful ones. */
const LIMIT = 30;

/**
 * Keeps the page's uncaught errors from the first moment until the monitoring SDK, loaded later
 * so it does not weigh on the first page load, can send them. `take()` hands them over and stops
 * listening (the SDK's own handlers take over); `stop()` drops them when monitoring is off.
 */
export function bufferEarlyErrors() {
  const kept: EarlyError[] = [];
  const onError = (event: ErrorEvent) => {
    if (kept.length < LIMIT) kept.push({ kind: 'error', error: event.error ?? event.message });
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    if (kept.length < LIMIT) kept.push({ kind: 'rejection', reason: event.reason });
  };
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  const stop = () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  };
  return {
    stop,
    take(): EarlyError[] {
      stop();
      return kept.splice(0);
    },
  };
}

/** Resolves once the page has loaded and the browser has a quiet moment (or after 3 s at most). */
export function afterInteractive(): Promise<void> {
  const idle = () =>
    new Promise<void>((resolve) => {
      if ('requestIdleCallback' in window) window.requestIdleCallback(() => resolve(), { timeout: 3_000 });
      else setTimeout(resolve, 1);
    });
  if (document.readyState === 'complete') return idle();
  return new Promise((resolve) => window.addEventListener('load', () => void idle().then(resolve), { once: true }));
}
