/**
 * Settings the browser needs at run time rather than build time, so that one build can serve
 * every environment. The locale layout writes them into a JSON script element.
 */
export const RUNTIME_CONFIG_ID = 'dzb-runtime-config';

export interface RuntimeConfig {
  appEnv: 'dev' | 'test' | 'preprod' | 'prod';
  sentryDsn: string | null;
}

export function readRuntimeConfig(): RuntimeConfig | undefined {
  const element = document.getElementById(RUNTIME_CONFIG_ID);
  if (!element?.textContent) return undefined;
  try {
    return JSON.parse(element.textContent) as RuntimeConfig;
  } catch {
    return undefined;
  }
}
