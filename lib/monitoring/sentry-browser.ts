import * as Sentry from '@sentry/nextjs';
import { BUILD_INFO } from '../build-info';
import type { EarlyError } from './early-errors';
import { connectReporter } from './report';
import type { RuntimeConfig } from './runtime-config';
import { monitoringSessionId } from './session-id';

/**
 * The browser monitoring SDK. instrumentation-client.ts imports this module only when the
 * server has a SENTRY_DSN, and only once the page is interactive, so no page pays for it up
 * front. A quarter of sessions are traced; session replay is off (replay rate 0).
 */
export function startSentry(runtime: RuntimeConfig & { sentryDsn: string }, early: EarlyError[]): void {
  Sentry.init({
    dsn: runtime.sentryDsn,
    enabled: true,
    environment: runtime.appEnv,
    release: `${BUILD_INFO.version}+${BUILD_INFO.commit}`,
    tracesSampleRate: 0.25,
    replaysSessionSampleRate: 0,
    replaysOnErrorSampleRate: 0,
  });
  Sentry.setTag('monitoring_session', monitoringSessionId());
  // What happened before the SDK was here is sent as the SDK would have sent it: unhandled.
  for (const item of early) {
    const mechanism = { handled: false, type: item.kind === 'error' ? 'onerror' : 'onunhandledrejection' };
    Sentry.captureException(item.kind === 'error' ? item.error : item.reason, { mechanism });
  }
  // Errors the error boundaries caught meanwhile, and from now on directly.
  connectReporter((error) => Sentry.captureException(error));
}

export const captureRouterTransitionStart = Sentry.captureRouterTransitionStart;
