import 'server-only';
import { type Config, parseConfig } from './config';

// On globalThis: Next bundles the proxy, the pages and the route handlers separately and dev mode
// reloads modules, but the process must keep one configuration and one set of services (one
// database owner). This module stays light so that proxy.ts can read the configuration.
const holder = globalThis as typeof globalThis & {
  __dzb?: { config?: Config; services?: unknown };
};

export function processState(): { config?: Config; services?: unknown } {
  return (holder.__dzb ??= {});
}

/** The running server's configuration, read from the environment once. */
export function appConfig(): Config {
  const state = processState();
  state.config ??= parseConfig(process.env);
  return state.config;
}
