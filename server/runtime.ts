import 'server-only';
import { type Config, parseConfig } from './config';

declare global {
  // On globalThis: server.mts reads the configuration in its own module graph, and Next's bundles
  // (the proxy, pages, layouts) read the same object instead of parsing the environment again.
  var __dzbConfig: Config | undefined;
}

/** The running server's configuration, read from the environment once per process. */
export function appConfig(): Config {
  globalThis.__dzbConfig ??= parseConfig(process.env);
  return globalThis.__dzbConfig;
}
