import type { IncomingMessage } from 'node:http';

/**
 * The x-forwarded-for chain of a request as it reached this process: a trusted proxy's chain
 * (server.mts has dropped any other) with the socket's peer as the last hop, as Next itself
 * fills it in for pages.
 */
export function forwardedFor(req: IncomingMessage): string {
  return [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
}
