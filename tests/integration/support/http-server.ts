import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toFetchRequest, writeFetchResponse } from '@/server/http/fetch-bridge';

export interface TestHttpServer {
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  close(): Promise<void>;
}

/**
 * Serves a fetch handler over real HTTP on a free loopback port, so adapters talk to simulators
 * (and simulators call the site back) exactly as they do in production, sockets and all.
 */
export async function serveFetch(handler: (request: Request) => Promise<Response>): Promise<TestHttpServer> {
  const server = createServer((req, res) => {
    void (async () => {
      try {
        // No size limit of our own: the simulators and callbacks under test apply theirs.
        const request = (await toFetchRequest(req, Number.MAX_SAFE_INTEGER))!;
        await writeFetchResponse(await handler(request), res);
      } catch (error) {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(String(error));
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
