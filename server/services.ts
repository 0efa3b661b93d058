import 'server-only';
import { BUILD_INFO } from '@/lib/build-info';
import { type Clock, systemClock } from './clock';
import { type Config, config } from './config';
import type { ErrorReporter } from './rpc/errors';
import type { VersionFacts } from './rpc/version';

/** What the RPC handlers may use; tests build their own with a fixed clock or fakes. */
export interface Services {
  config: Config;
  clock: Clock;
  versionFacts: VersionFacts;
  report: ErrorReporter;
}

export function createServices(options: {
  config: Config;
  clock?: Clock;
  report?: ErrorReporter;
  startedAt?: Date;
}): Services {
  const clock = options.clock ?? systemClock;
  return {
    config: options.config,
    clock,
    versionFacts: {
      appEnv: options.config.appEnv,
      build: BUILD_INFO,
      startedAt: options.startedAt ?? new Date(Date.now() - process.uptime() * 1000),
      clock,
    },
    report: options.report ?? ((error, context) => console.error('[rpc]', context, error)),
  };
}

/** The composition root of the running server: built once, from the environment. */
export function appServices(report: ErrorReporter): Services {
  const holder = globalThis as typeof globalThis & { __dzbServices?: Services };
  holder.__dzbServices ??= createServices({ config: config(), report });
  return holder.__dzbServices;
}
