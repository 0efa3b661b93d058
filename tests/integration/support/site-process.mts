/**
 * One process of the site for the scale-out test (tests/integration/scale-out.test.ts): the API,
 * the payment callbacks and the simulators over HTTP on a free port (LISTEN=1), or only the job
 * worker (LISTEN=0, WORKER=on). Prints `{"url": …}` once it serves. Run with
 * `tsx --conditions=react-server`, like `npm run worker`.
 */
import { createSandbox } from '@/sandbox';
import { SANDBOX_MODULES } from '@/sandbox/modules';
import { parseConfig } from '@/server/config';
import { startWorker } from '@/server/jobs/jobs';
import { createPaymentCallbacks } from '@/server/payments/callbacks';
import { createApiHandler } from '@/server/rpc/http-mount';
import { createServices } from '@/server/services';
import { productionParts } from '@/server/wiring';
import { serveFetch } from './http-server.ts';

let serve: (request: Request) => Promise<Response> = async () => new Response('starting', { status: 503 });
const server = process.env.LISTEN === '1' ? await serveFetch((request) => serve(request)) : undefined;
const port = server ? new URL(server.url).port : process.env.PORT!;
const config = parseConfig({ ...process.env, PORT: port, PUBLIC_URL_CZ: process.env.PUBLIC_URL_CZ ?? `http://127.0.0.1:${port}` });
const services = createServices({ config, parts: productionParts, report: (error) => console.error('[site-process]', error) });
await services.db();

if (server) {
  const api = createApiHandler(services, '/api');
  const sandbox = createSandbox({ services }, SANDBOX_MODULES);
  const callbacks = createPaymentCallbacks(services);
  serve = async (request) => {
    const path = new URL(request.url).pathname;
    const callback = /^\/api\/payments\/([a-z]+)\/([a-z]+)$/.exec(path);
    if (callback) return callbacks(request, callback[1]!, callback[2]!);
    if (path.startsWith('/api/')) return api(request);
    return sandbox(request);
  };
}
if (config.worker) await startWorker(services);
console.log(JSON.stringify({ url: server?.url ?? null }));
