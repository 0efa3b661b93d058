import { createSandbox } from '@/sandbox';
import { SANDBOX_MODULES } from '@/sandbox/modules';
import { appServices } from '@/server/services';

const services = appServices();
// Every /sandbox path is a 404 unless the sandbox is on.
const handle = services.config.sandbox ? createSandbox({ services }, SANDBOX_MODULES) : undefined;

function route(request: Request): Promise<Response> | Response {
  return handle ? handle(request) : new Response('Not found', { status: 404 });
}

export const dynamic = 'force-dynamic';
export { route as GET, route as POST, route as PUT };
