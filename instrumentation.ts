import * as Sentry from '@sentry/nextjs';

/** Server start: monitoring first, then the database (migrations) before any request is served. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { config } = await import('./server/config');
  const { BUILD_INFO } = await import('./lib/build-info');
  const cfg = config();
  Sentry.init({
    dsn: cfg.sentryDsn,
    enabled: Boolean(cfg.sentryDsn),
    environment: cfg.appEnv,
    release: `${BUILD_INFO.version}+${BUILD_INFO.commit}`,
    tracesSampleRate: 0.25,
  });
  const { getDb, recordServerStart } = await import('./server/db');
  await recordServerStart(await getDb());
}

export const onRequestError = Sentry.captureRequestError;
