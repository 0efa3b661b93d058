/**
 * `npm run worker`: the background jobs as their own process, for deployments that run web
 * replicas with WORKER=off; like server.mts, a composition root. Stops cleanly on SIGTERM (jobs in
 * flight finish or are retried).
 */
import { composeServices } from './compose.mts';
import { startWorker } from './server/jobs/jobs.ts';
import { appConfigOrExit } from './server/runtime.ts';

const config = appConfigOrExit();
const services = await composeServices(config);
const stop = await startWorker(services);
console.log('[worker] working the job queues');
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void stop().then(() => process.exit(0));
  });
}
