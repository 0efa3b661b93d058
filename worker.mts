/**
 * `npm run worker`: the background jobs as their own process, for deployments that run web
 * replicas with WORKER=off; like server.mts, a composition root. Stops cleanly on SIGTERM (jobs in
 * flight finish or are retried).
 */
import { startMailReceiver } from './sandbox/mail/receiver.ts';
import { startWorker } from './server/jobs/jobs.ts';
import { smtpTransport } from './server/notifications/smtp.ts';
import { appConfig } from './server/runtime.ts';
import { createServices } from './server/services.ts';
import { productionParts } from './server/wiring.ts';

const config = appConfig();
// In sandbox mode the mail this process sends goes to a sandbox mail server of its own, which
// stores it where /sandbox/mail of every web process reads it.
const mailReceiver = config.sandbox ? await startMailReceiver(() => services.db()) : undefined;
const services = createServices({
  config,
  parts: (built) => ({ ...productionParts(built), mailTransport: mailReceiver && smtpTransport(mailReceiver.url) }),
});
await services.db();
const stop = await startWorker(services);
console.log('[worker] working the job queues');
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void stop().then(() => process.exit(0));
  });
}
