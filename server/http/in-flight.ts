import type { IncomingMessage, ServerResponse } from 'node:http';

type NodeHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/**
 * At most `max` requests at once in this process across the handlers it wraps (the API and the
 * documents); one more is answered by `refuse` at once (503 with Retry-After), before it reads a
 * body or reaches the database, so a flood queues nowhere and the calls already admitted finish.
 */
export function inFlightLimit(max: number) {
  let running = 0;
  return {
    limit:
      (handler: NodeHandler, refuse: (res: ServerResponse) => void): NodeHandler =>
      async (req, res) => {
        if (running >= max) {
          refuse(res);
          return;
        }
        running++;
        try {
          await handler(req, res);
        } finally {
          running--;
        }
      },
    /** Requests being served now. */
    running: () => running,
  };
}
