/**
 * Collapses identical concurrent work in this process: while a task for a key runs, later callers
 * with the same key get its promise instead of starting their own. Across processes the shared
 * cache table does the same job, a few milliseconds later.
 */
export function singleFlight<T>() {
  const running = new Map<string, Promise<T>>();
  return (key: string, task: () => Promise<T>): Promise<T> => {
    const current = running.get(key);
    if (current) return current;
    const started = task().finally(() => running.delete(key));
    running.set(key, started);
    return started;
  };
}
