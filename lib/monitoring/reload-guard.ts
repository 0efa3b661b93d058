/** Spec section 9: the page reloads itself at most once per 10 seconds. */
export const RELOAD_GUARD_MS = 10_000;
const KEY = 'dzb.last-auto-reload';

/** Whether an automatic reload may happen now, given when the last one happened. */
export function mayReload(lastReloadAt: number | null, now: number): boolean {
  return lastReloadAt === null || now - lastReloadAt >= RELOAD_GUARD_MS || now < lastReloadAt;
}

/**
 * Reloads the page unless it already did so within the guard interval, so a chunk that is
 * missing for good cannot put the browser into a reload loop. Returns whether it reloaded.
 */
export function reloadWithGuard(): boolean {
  const now = Date.now();
  let last: number | null = null;
  try {
    const stored = window.sessionStorage.getItem(KEY);
    last = stored === null ? null : Number(stored);
    if (!mayReload(last, now)) return false;
    window.sessionStorage.setItem(KEY, String(now));
  } catch {
    // Without storage there is no memory across reloads; refuse rather than risk a loop.
    return false;
  }
  window.location.reload();
  return true;
}

/** Errors that mean a code chunk of this build could not be fetched (typically after a deploy). */
export function isChunkLoadError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { name, message } = error as { name?: unknown; message?: unknown };
  if (name === 'ChunkLoadError') return true;
  return (
    typeof message === 'string' &&
    /Loading (CSS )?chunk [\w-]+ failed|Failed to load chunk|Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(
      message,
    )
  );
}
