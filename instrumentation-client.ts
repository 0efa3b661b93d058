import * as Sentry from '@sentry/nextjs';
import { BUILD_INFO } from './lib/build-info';
import { readRuntimeConfig } from './lib/monitoring/runtime-config';
import { monitoringSessionId } from './lib/monitoring/session-id';

/**
 * Browser monitoring, on only when the server has a SENTRY_DSN. A quarter of sessions are
 * traced; session replay is off (replay rate 0), so no replay code is loaded.
 */
function start() {
  const runtime = readRuntimeConfig();
  Sentry.init({
    dsn: runtime?.sentryDsn ?? undefined,
    enabled: Boolean(runtime?.sentryDsn),
    environment: runtime?.appEnv,
    release: `${BUILD_INFO.version}+${BUILD_INFO.commit}`,
    tracesSampleRate: 0.25,
    replaysSessionSampleRate: 0,
    replaysOnErrorSampleRate: 0,
  });
  Sentry.setTag('monitoring_session', monitoringSessionId());
}

// The runtime settings sit in the document head; wait for it if this runs first.
if (document.readyState === 'loading') {
  document.addEventListener('DOMContentLoaded', start, { once: true });
} else {
  start();
}

export const onRouterTransitionStart = Sentry.captureRouterTransitionStart;
