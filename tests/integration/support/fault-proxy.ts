import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What goes wrong between the site and an outside system, once per armed fault:
 * - `status-after`: the request reaches the system, which does the work; the site gets a 5xx
 *   (a load balancer that gave up on the answer);
 * - `drop-after`: the request reaches the system; the connection is cut before the answer;
 * - `reset`: the connection is cut before anything is forwarded;
 * - `too-many`: 429 with Retry-After, nothing forwarded;
 * - `twice`: the request is delivered twice, the site sees the second answer;
 * - `slow-after`: the request reaches the system, which does the work; its answer is held back
 *   for `ms` (past the site's timeout), then sent;
 * - `rewrite`: the system's JSON answer is changed by `change` (a system that answers otherwise
 *   than it did before: a product gone, a price moved);
 * - `hook-after`: the request reaches the system, then `hook` runs (e.g. kills the caller), and
 *   the connection is cut;
 * - `answer-instead`: nothing is forwarded; the site gets `status` with `json` as the body (the
 *   system's own error, e.g. a 503 in its error format).
 */
export type Fault =
  | { kind: 'status-after'; status: number }
  | { kind: 'drop-after' }
  | { kind: 'reset' }
  | { kind: 'too-many'; retryAfterSeconds: number }
  | { kind: 'twice' }
  | { kind: 'slow-after'; ms: number }
  | { kind: 'rewrite'; change: (body: unknown) => unknown }
  | { kind: 'hook-after'; hook: () => Promise<void> }
  | { kind: 'answer-instead'; status: number; json: unknown };

export interface FaultProxy {
  /** http://127.0.0.1:port — point an adapter's base URL here instead of at the system. */
  url: string;
  /** Where requests go when no fault is armed (set once the system listens). */
  target: string;
  /**
   * Arms a fault for the next request whose path ends with `pathEnd`, or matches it (a path that
   * carries ids and signatures after the operation, as ČSOB's GET calls do).
   */
  arm(pathEnd: string | RegExp, fault: Fault): void;
  /** Paths of the requests that reached the system, in order. */
  forwarded: string[];
  close(): Promise<void>;
}

/** A few lines of node:http standing between the site and a simulator, injecting faults on request. */
export async function startFaultProxy(): Promise<FaultProxy> {
  const armed: { pathEnd: string | RegExp; fault: Fault }[] = [];
  const forwarded: string[] = [];
  const proxy: FaultProxy = {
    url: '',
    target: '',
    arm: (pathEnd, fault) => void armed.push({ pathEnd, fault }),
    forwarded,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const forward = (req: IncomingMessage, body: Buffer) =>
    new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
      const target = new URL(req.url ?? '/', proxy.target);
      forwarded.push(target.pathname);
      const out = httpRequest(target, { method: req.method, headers: { ...req.headers, host: target.host } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 502, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      out.on('error', reject);
      out.end(body);
    });

  const answer = (res: ServerResponse, status: number, headers: Record<string, string | string[] | undefined>, body: Buffer | string) => {
    const clean = Object.fromEntries(Object.entries(headers).filter(([name]) => !['transfer-encoding', 'content-length', 'connection'].includes(name)));
    res.writeHead(status, clean);
    res.end(body);
  };

  const server = createServer((req, res) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks);
      const path = (req.url ?? '').split('?')[0]!;
      const index = armed.findIndex((a) => (typeof a.pathEnd === 'string' ? path.endsWith(a.pathEnd) : a.pathEnd.test(path)));
      const fault = index >= 0 ? armed.splice(index, 1)[0]!.fault : undefined;
      try {
        if (!fault) {
          const reply = await forward(req, body);
          return answer(res, reply.status, reply.headers, reply.body);
        }
        switch (fault.kind) {
          case 'reset':
            return req.socket.destroy();
          case 'too-many':
            return answer(res, 429, { 'content-type': 'application/json', 'retry-after': String(fault.retryAfterSeconds) }, '{"errors":[{"id":"rate_limited"}]}');
          case 'status-after':
            await forward(req, body);
            return answer(res, fault.status, { 'content-type': 'text/html' }, '<html><body>Bad gateway</body></html>');
          case 'drop-after':
            await forward(req, body);
            return req.socket.destroy();
          case 'slow-after': {
            const reply = await forward(req, body);
            await new Promise((resolve) => setTimeout(resolve, fault.ms));
            if (res.destroyed || req.socket.destroyed) return;
            return answer(res, reply.status, reply.headers, reply.body);
          }
          case 'rewrite': {
            const reply = await forward(req, body);
            const changed = JSON.stringify(fault.change(JSON.parse(reply.body.toString('utf8'))));
            return answer(res, reply.status, reply.headers, changed);
          }
          case 'hook-after':
            await forward(req, body);
            await fault.hook();
            return req.socket.destroy();
          case 'answer-instead':
            return answer(res, fault.status, { 'content-type': 'application/json' }, JSON.stringify(fault.json));
          case 'twice': {
            await forward(req, body);
            const reply = await forward(req, body);
            return answer(res, reply.status, reply.headers, reply.body);
          }
        }
      } catch {
        req.socket.destroy();
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return proxy;
}
