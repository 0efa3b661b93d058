/**
 * The HTTP entry point (`npm start`, `npm run dev`) and the composition root of the web process:
 * it builds the services once, in its own module graph, serves the API, the gateways' callbacks,
 * the documents, the health check and the simulators itself (server/http/site-routes.ts), and
 * hands every other path to Next, which renders pages only. Pages reach the API through the
 * in-process transport registered here (server/rpc/page-port.ts), never by importing services,
 * so every domain class exists once in the process.
 *
 * Forwarding headers (x-forwarded-for, -host, -proto, -port, Forwarded, X-Real-IP) count only
 * when the TCP peer is a proxy listed in TRUSTED_PROXIES; from anyone else they are dropped.
 * In production Next listens on a private socket of this process and pages pass through the page
 * edge (server/http/page-edge.ts), which reads Next's answers as any HTTP client would: pages
 * Next serves from its cache get a CSP with the hashes of their inline scripts instead of a nonce
 * and are answered from memory for a few seconds after, and what goes out is compressed there.
 * `--dev` hands pages to Next directly (it renders every page per request, with a nonce, and
 * serves its own hot-reload socket).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import next from 'next';
import { composeSandbox, composeServices } from './compose.mts';
import { recordServerStart } from './server/db/server-starts.ts';
import { createPageEdge } from './server/http/page-edge.ts';
import { siteServer } from './server/http/site-server.ts';
import { startWorker } from './server/jobs/jobs.ts';
import { createPageMicrocache } from './server/net/page-microcache.ts';
import { inProcessApi } from './server/rpc/in-process.ts';
import { registerPagePort } from './server/rpc/page-port.ts';
import { appConfigOrExit } from './server/runtime.ts';

const dev = process.argv.includes('--dev');
const config = appConfigOrExit();
const port = Number(process.env.PORT ?? 3000);
const hostname = process.env.HOSTNAME ?? '0.0.0.0';
const microcacheSeconds = Number(process.env.PAGE_MICROCACHE_SECONDS || 5);
if (!Number.isFinite(microcacheSeconds) || microcacheSeconds < 0) {
  console.error(`PAGE_MICROCACHE_SECONDS: "${process.env.PAGE_MICROCACHE_SECONDS}" is not a number of seconds (0 turns it off)`);
  process.exit(1);
}
const microcache = createPageMicrocache({ ttlMs: 1000 * microcacheSeconds });

const services = await composeServices(config);
await recordServerStart(services);
registerPagePort(inProcessApi(services));

const app = next({ dev, hostname, port });
const nextHandler = app.getRequestHandler();
await app.prepare();
const stopWorker = config.worker ? await startWorker(services) : undefined;

/** Next on a socket only this process can reach (its folder is the owner's alone). */
async function privateNext(): Promise<string> {
  const folder = mkdtempSync(path.join(tmpdir(), 'dzb-pages-'));
  const socketPath = path.join(folder, 'next.sock');
  const internal = createServer((req, res) => void nextHandler(req, res));
  // The edge keeps its connections to Next open; only the edge ever connects.
  internal.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => internal.listen(socketPath, resolve));
  process.once('exit', () => rmSync(folder, { recursive: true, force: true }));
  return socketPath;
}

const pages = dev ? nextHandler : createPageEdge({ socketPath: await privateNext(), microcache });

const server = siteServer(services, {
  pages: async (req, res) => void (await pages(req, res)),
  simulators: config.sandbox ? composeSandbox(services) : undefined,
});

// Longer than the usual load balancer idle timeout, so it never reuses a socket we just closed.
server.keepAliveTimeout = 65_000;
server.listen(port, hostname, () => {
  console.log(`> Ready on http://${hostname}:${port}`);
});

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    server.close(() => void (stopWorker?.() ?? Promise.resolve()).finally(() => process.exit(0)));
    // Requests still running after this are cut off rather than holding the deploy.
    setTimeout(() => process.exit(0), 10_000).unref();
  });
}
