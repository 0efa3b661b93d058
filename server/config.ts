import { z } from 'zod';
import { VARIANT_KEYS, type VariantKey } from '@/lib/variants';

/**
 * Every environment variable the server reads, parsed once. Build-time values (version, commit,
 * branch, docker tag) are baked in by next.config.ts and read through lib/build-info.ts instead.
 */
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

const onOff = z.enum(['on', 'off']);

const schema = z
  .object({
    APP_ENV: z.enum(['dev', 'test', 'preprod', 'prod']).default('dev'),
    HOSTS_CZ: hostList('localhost,cz.localhost'),
    HOSTS_PL: hostList('pl.localhost'),
    HOSTS_PLUXEE: hostList('pluxee.localhost'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    PGLITE_DIR: z.string().min(1).default('./data/pglite'),
    SANDBOX: onOff.optional(),
    SENTRY_DSN: z.url().optional().or(z.literal('').transform(() => undefined)),
  })
  .transform((env) => ({
    appEnv: env.APP_ENV,
    hosts: { cz: env.HOSTS_CZ, pl: env.HOSTS_PL, pluxee: env.HOSTS_PLUXEE } satisfies Record<
      VariantKey,
      string[]
    >,
    databaseUrl: env.DATABASE_URL,
    pgliteDir: env.PGLITE_DIR,
    // The simulators stand in for Booking.com and the gateways everywhere except production.
    sandbox: (env.SANDBOX ?? (env.APP_ENV === 'prod' ? 'off' : 'on')) === 'on',
    sentryDsn: env.SENTRY_DSN,
  }))
  .superRefine((config, ctx) => {
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

export type Config = z.output<typeof schema>;

/** Lower-cases a Host header value and drops the port: "PL.localhost:3000" → "pl.localhost". */
export function normalizeHost(raw: string): string {
  const host = raw.trim().toLowerCase();
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  return host.replace(/:\d+$/, '').replace(/\.$/, '');
}

export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = schema.safeParse(env);
  if (!result.success) {
    throw new Error(`Invalid configuration:\n${z.prettifyError(result.error)}`);
  }
  return result.data;
}

let cached: Config | undefined;

export function config(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}
