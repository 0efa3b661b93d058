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

/**
 * For the entry points (server.mts, worker.mts, npm run operator): the configuration, or the
 * process stops with the error that names each wrong variable, before anything is served or
 * touched.
 */
export function appConfigOrExit(): Config {
  try {
    return appConfig();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
