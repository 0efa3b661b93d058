import { randomId } from '../random-id';

const KEY = 'dzb.monitoring-session';
let fallback: string | undefined;

/**
 * The id of this browser tab's monitoring session: sent with every RPC and set on monitoring
 * events, so that server logs and browser errors of one visit can be found together.
 */
export function monitoringSessionId(): string {
  try {
    let id = window.sessionStorage.getItem(KEY);
    if (!id) {
      id = randomId();
      window.sessionStorage.setItem(KEY, id);
    }
    return id;
  } catch {
    // Storage can be disabled; the id then lives as long as the page.
    fallback ??= randomId();
    return fallback;
  }
}
