import 'server-only';
import type { Transport } from '@connectrpc/connect';
import type { RequestSite } from '../hosts';

/** Who a page calls the API for. */
export interface InProcessCaller {
  /** The site of the page that calls (its locale decides it; see lib/variants). */
  site: RequestSite;
  /** The page request's ids, when it has them, so its log lines and the call's match up. */
  requestId?: string;
  monitoringSession?: string;
  /** The visitor's address as the edge resolved it (budgets count per address); undefined if unknown. */
  client: string | undefined;
  /** The visitor's pass (the dzb_pass cookie), when they were stepped up before. */
  pass?: string;
}

/** How pages reach the API: a Connect transport per caller, served in-process. */
export interface PagePort {
  transport(caller: InProcessCaller): Transport;
}

declare global {
  // The one value the pages' module graph (Next's bundles) takes from the server's own graph.
  var __dzbPagePort: PagePort | undefined;
}

/**
 * Called by the composition root (server.mts) before Next serves a page. Pages are bundled by
 * Next and must not carry a second copy of the domain, so this is the only bridge: a transport
 * whose calls run in the graph that server.mts loaded, where every class exists once.
 */
export function registerPagePort(port: PagePort): void {
  globalThis.__dzbPagePort = port;
}

export function pagePort(): PagePort {
  const port = globalThis.__dzbPagePort;
  if (!port) throw new Error('no API for pages: the site runs under server.mts (npm start, npm run dev)');
  return port;
}
