/**
 * One process of the site for the scale-out test (tests/integration/scale-out.test.ts): the
 * site's HTTP routes (API, payment callbacks, simulators) through server.mts's request listener
 * on a free port (LISTEN=1), or only the job worker (LISTEN=0, WORKER=on). Prints `{"url": …}`
 * once it serves. Run with tsx and server/node-hooks.mjs, like `npm run worker`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { composeSandbox } from '@/compose.mts';
import { parseConfig } from '@/server/config';
import { siteRequestListener } from '@/server/http/site-server';
import { startWorker } from '@/server/jobs/jobs';
import { createServices } from '@/server/services';
import { productionParts } from '@/server/wiring';

let listener: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => void res.writeHead(503).end("starting");
const server = process.env.LISTEN === '1' ? createServer((req, res) => listener(req, res)) : undefined;
if (server) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const port = server ? String((server.address() as AddressInfo).port) : process.env.PORT!;
const url = server ? `http://127.0.0.1:${port}` : null;
const config = parseConfig({ ...process.env, PORT: port, PUBLIC_URL_CZ: process.env.PUBLIC_URL_CZ ?? `http://127.0.0.1:${port}` });
const services = createServices({ config, parts: productionParts, report: (error) => console.error('[site-process]', error) });
await services.db();
listener = siteRequestListener(services, { simulators: composeSandbox(services) });
if (config.worker) await startWorker(services);
console.log(JSON.stringify({ url }));
