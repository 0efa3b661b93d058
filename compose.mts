/**
 * What both composition roots (server.mts, worker.mts) and the tests' harness build alike.
 *
 * The services of one process, as both composition roots (server.mts, worker.mts) build them:
 * the production parts, with the database opened; in sandbox mode the mail this process sends
 * goes over SMTP to a sandbox mail server of its own, as it would to a relay, which stores it
 * where /sandbox/mail of every web process reads it.
 */
import { createSandbox } from './sandbox/index.ts';
import { startMailReceiver } from './sandbox/mail/receiver.ts';
import { SANDBOX_MODULES } from './sandbox/modules.ts';
import { smtpTransport } from './server/notifications/smtp.ts';
import { tryItAdapters } from './server/payments/gateways/try-it.ts';
import type { appConfig } from './server/runtime.ts';
import { createServices, type Services } from './server/services.ts';
import { productionParts } from './server/wiring.ts';

export async function composeServices(config: ReturnType<typeof appConfig>): Promise<Services> {
  const mailReceiver = config.sandbox ? await startMailReceiver(() => services.db()) : undefined;
  const services = createServices({
    config,
    parts: (built) => ({ ...productionParts(built), mailTransport: mailReceiver && smtpTransport(mailReceiver.url) }),
  });
  await services.db();
  return services;
}

/** The simulators under /sandbox, given what they need of the site (sandbox/index.ts). */
export function composeSandbox(services: Services) {
  return createSandbox({ services, tryIt: tryItAdapters(services) }, SANDBOX_MODULES);
}
