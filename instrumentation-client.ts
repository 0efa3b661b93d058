import { afterInteractive, bufferEarlyErrors } from './lib/monitoring/early-errors';
import { connectReporter } from './lib/monitoring/report';
import { readRuntimeConfig } from './lib/monitoring/runtime-config';
import { monitoringSessionId } from './lib/monitoring/session-id';

/**
 * Browser monitoring without its weight on the first load: errors are kept from the first
 * moment, and the SDK (lib/monitoring/sentry-browser.ts) is fetched only when the server has a
 * SENTRY_DSN and only once the page is interactive; it then sends what was kept. Without a DSN
 * nothing is loaded and nothing is sent.
 */
const early = bufferEarlyErrors();
let onTransition: ((href: string, navigationType: string) => void) | undefined;

async function start() {
  // The tab's session id exists from the start: RPC calls carry it before monitoring loads.
  monitoringSessionId();
  const runtime = readRuntimeConfig();
  const dsn = runtime?.sentryDsn;
  if (!runtime || !dsn) {
    early.stop();
    connectReporter(null);
    return;
  }
  await afterInteractive();
  try {
    const { startSentry, captureRouterTransitionStart } = await import('./lib/monitoring/sentry-browser');
    startSentry({ ...runtime, sentryDsn: dsn }, early.take());
    onTransition = captureRouterTransitionStart;
  } catch {
    // Monitoring that cannot load (offline, blocked) must not break or reload the page.
    early.stop();
    connectReporter(null);
  }
}

// The runtime settings sit in the document head; wait for it if this runs first.
if (document.readyState === 'loading') {
  document.addEventListener('DOMContentLoaded', () => void start(), { once: true });
} else {
  void start();
}

/** Navigations before the SDK has loaded are not traced; errors in them are still kept. */
export function onRouterTransitionStart(href: string, navigationType: string): void {
  onTransition?.(href, navigationType);
}
