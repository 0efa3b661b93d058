/**
 * The production HTTP entry point (`npm start`): Next's request handler behind two rules of our
 * own. Forwarding headers (x-forwarded-for, -host, -proto, -port, Forwarded, X-Real-IP) count
 * only when the TCP peer is a proxy listed in TRUSTED_PROXIES; from anyone else they are dropped,
 * and Next fills them in from the socket. Everything behind this (proxy.ts, the API, rate limits)
 * can then read x-forwarded-* as the truth. `next start` cannot do this: it keeps whatever
 * x-forwarded-for a client sends. Pages Next serves from its cache get a CSP with the hashes of
 * their inline scripts instead of a nonce (server/security/cached-page-csp.ts), and are answered
 * from memory for a few seconds after (server/net/page-microcache.ts).
 */
import { createServer } from 'node:http';
import next from 'next';
import { createPageMicrocache } from './server/net/page-microcache.ts';
import { dropUntrustedForwarding, parseTrustedProxies } from './server/net/trusted-proxies.ts';
import { hashCspOfCachedPages } from './server/security/cached-page-csp.ts';

const port = Number(process.env.PORT ?? 3000);
const hostname = process.env.HOSTNAME ?? '0.0.0.0';
const trusted = parseTrustedProxies(process.env.TRUSTED_PROXIES ?? '');
const microcacheSeconds = Number(process.env.PAGE_MICROCACHE_SECONDS || 5);
if (!Number.isFinite(microcacheSeconds) || microcacheSeconds < 0) {
  throw new Error(`PAGE_MICROCACHE_SECONDS: "${process.env.PAGE_MICROCACHE_SECONDS}" is not a number of seconds (0 turns it off)`);
}
const microcache = createPageMicrocache({ ttlMs: 1000 * microcacheSeconds });

const app = next({ dev: false, hostname, port });
const handle = app.getRequestHandler();
await app.prepare();

const server = createServer((req, res) => {
  dropUntrustedForwarding(req.headers, req.socket.remoteAddress, trusted);
  if (microcache.serve(req, res)) return;
  hashCspOfCachedPages(req, res);
  // After the CSP wrapper, so it sees the headers as they finally go out.
  microcache.capture(req, res);
  handle(req, res).catch((error: unknown) => {
    console.error('[server] request failed', error);
    if (!res.headersSent) res.writeHead(500);
    res.end();
  });
});
// Longer than the usual load balancer idle timeout, so it never reuses a socket we just closed.
server.keepAliveTimeout = 65_000;
server.listen(port, hostname, () => {
  console.log(`> Ready on http://${hostname}:${port}`);
});

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    server.close(() => process.exit(0));
    // Requests still running after this are cut off rather than holding the deploy.
    setTimeout(() => process.exit(0), 10_000).unref();
  });
}
