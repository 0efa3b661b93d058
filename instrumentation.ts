import * as Sentry from '@sentry/nextjs';
import { BUILD_INFO } from './lib/build-info';

/**
 * Monitoring for what Next renders. server.mts has checked the configuration, opened the
 * database and built the services before Next starts; the configuration is read here from the
 * same process-wide holder.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { appConfig } = await import('./server/runtime');
  const config = appConfig();
  // Without a DSN the SDK is not started at all: even disabled, it would still trace every request.
  if (config.sentryDsn) {
    Sentry.init({
      dsn: config.sentryDsn,
      environment: config.appEnv,
      release: `${BUILD_INFO.version}+${BUILD_INFO.commit}`,
      tracesSampleRate: 0.25,
    });
  }
}

export const onRequestError = Sentry.captureRequestError;
