import { z } from 'zod';
import { VARIANT_KEYS, type VariantKey } from '@/lib/variants';
import { normalizeHost } from '../hosts';
import { parseTrustedProxies } from '../net/trusted-proxies';
import { baseUrl, onOff, optional } from './env';

const hostList = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value) =>
      value
        .split(',')
        .map((host) => normalizeHost(host))
        .filter((host) => host.length > 0),
    );

/** Where the site runs: environment, hosts, database, monitoring, public addresses. */
export const coreSchema = z
  .object({
    APP_ENV: z.enum(['dev', 'test', 'preprod', 'prod']).default('dev'),
    HOSTS_CZ: hostList('localhost,cz.localhost'),
    HOSTS_PL: hostList('pl.localhost'),
    HOSTS_PLUXEE: hostList('pluxee.localhost'),
    DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')),
    PGLITE_DIR: z.string().min(1).default('./data/pglite'),
    SANDBOX: onOff.optional(),
    /** The second key to the simulators outside dev and test: it must name the environment. */
    SANDBOX_ALLOW: optional(z.enum(['preprod', 'prod'])),
    SANDBOX_TOKEN: optional(z.string().min(24, 'SANDBOX_TOKEN must be at least 24 characters')),
    SENTRY_DSN: optional(z.url()),
    TRUSTED_PROXIES: z
      .string()
      .default('')
      .transform((spec, ctx) => {
        try {
          return parseTrustedProxies(spec);
        } catch (error) {
          ctx.addIssue({ code: 'custom', message: (error as Error).message });
          return z.NEVER;
        }
      }),
    PORT: z.coerce.number().int().positive().default(3000),
    PUBLIC_URL_CZ: optional(baseUrl),
    PUBLIC_URL_PL: optional(baseUrl),
    PUBLIC_URL_PLUXEE: optional(baseUrl),
    WORKER: onOff.default('on'),
    /** Dev and test only: the site's clock starts at this instant and runs on from there. */
    CLOCK_START: optional(z.iso.datetime({ offset: true })),
  })
  .transform((env) => ({
    appEnv: env.APP_ENV,
    hosts: { cz: env.HOSTS_CZ, pl: env.HOSTS_PL, pluxee: env.HOSTS_PLUXEE } satisfies Record<
      VariantKey,
      string[]
    >,
    databaseUrl: env.DATABASE_URL,
    pgliteDir: env.PGLITE_DIR,
    // The simulators stand in for Booking.com and the gateways in dev and test; anywhere else only
    // when asked for twice (SANDBOX=on and SANDBOX_ALLOW naming the environment, see sandbox-rules.ts).
    sandbox: (env.SANDBOX ?? (env.APP_ENV === 'dev' || env.APP_ENV === 'test' ? 'on' : 'off')) === 'on',
    /**
     * Who may open /sandbox: anybody in dev and test; elsewhere only loopback clients (the site's
     * own calls to its simulators) and requests that carry SANDBOX_TOKEN.
     */
    sandboxAccess:
      env.APP_ENV === 'dev' || env.APP_ENV === 'test' ? ({ open: true } as const) : ({ open: false, token: env.SANDBOX_TOKEN } as const),
    sandboxAllow: env.SANDBOX_ALLOW,
    sentryDsn: env.SENTRY_DSN,
    trustedProxies: env.TRUSTED_PROXIES,
    /**
     * Public base URL of each site: every link that leaves a request (e-mails, PDFs, gateway
     * return URLs, sitemaps) is built from it, never from the request's Host header.
     */
    publicUrl: {
      cz: env.PUBLIC_URL_CZ ?? `http://localhost:${env.PORT}`,
      pl: env.PUBLIC_URL_PL ?? `http://pl.localhost:${env.PORT}`,
      pluxee: env.PUBLIC_URL_PLUXEE ?? `http://pluxee.localhost:${env.PORT}`,
    } satisfies Record<VariantKey, string>,
    /** Where this process itself answers, for the simulators it calls in sandbox mode. */
    selfUrl: `http://127.0.0.1:${env.PORT}`,
    /** Whether this process runs the background jobs (off on web replicas; see npm run worker). */
    worker: env.WORKER === 'on',
    /** Where the clock starts (tests of dates: a stay starting today, an order late in the evening). */
    clockStart: env.CLOCK_START === undefined ? undefined : new Date(env.CLOCK_START),
  }))
  .superRefine((config, ctx) => {
    // A shifted clock would move every deadline of real money and real stays.
    if (config.clockStart && config.appEnv !== 'dev' && config.appEnv !== 'test') {
      ctx.addIssue({ code: 'custom', message: `CLOCK_START is for dev and test only, not APP_ENV=${config.appEnv}` });
    }
    const seen = new Map<string, VariantKey>();
    for (const key of VARIANT_KEYS) {
      for (const host of config.hosts[key]) {
        const other = seen.get(host);
        if (other && other !== key) {
          ctx.addIssue({ code: 'custom', message: `host ${host} is listed for both ${other} and ${key}` });
        }
        seen.set(host, key);
      }
    }
  });

export type CoreConfig = z.output<typeof coreSchema>;
