type Capture = (error: unknown) => void;

interface ReporterState {
  capture?: Capture;
  off?: boolean;
  pending: unknown[];
}

/**
 * Kept on globalThis so the error boundaries and instrumentation-client.ts share one reporter
 * whichever chunk loaded the module first.
 */
const KEY = Symbol.for('dzb.monitoring.reporter');
const state = ((globalThis as Record<symbol, ReporterState | undefined>)[KEY] ??= { pending: [] });

/**
 * Reports an error caught by an error boundary. The monitoring SDK loads late (see
 * instrumentation-client.ts), so earlier reports wait for it; with monitoring off they are dropped.
 */
export function reportError(error: unknown): void {
  if (state.capture) state.capture(error);
  else if (!state.off && state.pending.length < 30) state.pending.push(error);
}

/** Called once monitoring has started (with its capture function) or is known to be off (null). */
export function connectReporter(capture: Capture | null): void {
  if (!capture) {
    state.off = true;
    state.pending.length = 0;
    return;
  }
  state.capture = capture;
  for (const error of state.pending.splice(0)) capture(error);
}
