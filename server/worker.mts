/**
 * `npm run worker`: the background jobs as their own process, for deployments that run web
 * replicas with WORKER=off. Stops cleanly on SIGTERM (jobs in flight finish or are retried).
 */
import 'server-only';
import { startWorker } from './jobs/jobs';
import { appConfig } from './runtime';
import { createServices } from './services';
import { productionParts } from './wiring';

const services = createServices({ config: appConfig(), parts: productionParts });
await services.db();
const stop = await startWorker(services);
console.log('[worker] working the job queues');
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void stop().then(() => process.exit(0));
  });
}
