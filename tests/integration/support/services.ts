import { createClient } from '@connectrpc/connect';
import { ApiService } from '@/gen/dzb/v1/api_pb';
import type { VariantKey } from '@/lib/variants';
import type { Clock } from '@/server/clock';
import { parseConfig } from '@/server/config';
import type { DbHandle } from '@/server/db/open-db';
import { inProcessApi } from '@/server/rpc/in-process';
import type { PagePort } from '@/server/rpc/page-port';
import { createServices, type ServiceParts, type Services } from '@/server/services';
import { productionParts } from '@/server/wiring';

/** Services for tests: a settable clock, and reported errors collected instead of logged. */
export function testServices(
  env: Record<string, string> = { APP_ENV: 'test' },
  options: { db?: DbHandle; parts?: (services: Services) => ServiceParts } = {},
) {
  let now = new Date('2026-11-22T10:00:00Z');
  const clock: Clock = { now: () => now };
  const reported: { error: unknown; context: Record<string, string> }[] = [];
  const services: Services = createServices({
    config: parseConfig(env),
    clock,
    db: options.db,
    startedAt: new Date('2026-11-22T08:58:57Z'),
    report: (error, context) => reported.push({ error, context }),
    parts: options.parts ?? productionParts,
  });
  let api: PagePort | undefined;
  return {
    services,
    reported,
    setNow: (date: Date) => {
      now = date;
    },
    /** The API as a page of this site calls it (in-process). */
    client: (variant: VariantKey = 'cz', client = '198.51.100.7') =>
      createClient(ApiService, (api ??= inProcessApi(services)).transport({ site: { variant, known: true }, client })),
    /** Stops the job queue (if the database was opened) and closes the database. */
    async close() {
      if (!options.db) return;
      await (await services.jobs.queue()).stop();
      await options.db.close();
    },
  };
}

export type TestServices = ReturnType<typeof testServices>;
