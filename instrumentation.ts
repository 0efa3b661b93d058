import * as Sentry from '@sentry/nextjs';

/** Server start: monitoring first, then the database (migrations) before any request is served. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { appServices } = await import('./server/services');
  let services: ReturnType<typeof appServices>;
  try {
    services = appServices();
  } catch (error) {
    // An invalid configuration (it names each variable) stops the server before it serves anything.
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  const { config, build } = services;
  // Without a DSN the SDK is not started at all: even disabled, it would still trace every request.
  if (config.sentryDsn) {
    Sentry.init({
      dsn: config.sentryDsn,
      environment: config.appEnv,
      release: `${build.version}+${build.commit}`,
      tracesSampleRate: 0.25,
    });
  }
  const { recordServerStart } = await import('./server/db/server-starts');
  await recordServerStart(services);
  if (config.worker) {
    const { startWorker } = await import('./server/jobs/jobs');
    await startWorker(services);
  }
}

export const onRequestError = Sentry.captureRequestError;
