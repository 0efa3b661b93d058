import { createSandbox } from '@/sandbox';
import { SANDBOX_MODULES } from '@/sandbox/modules';
import { sandboxGate } from '@/server/security/sandbox-gate';
import { appServices } from '@/server/services';

const services = appServices();
// Every /sandbox path is a 404 unless the sandbox is on, and then only for whom the gate lets in.
const handle = services.config.sandbox ? createSandbox({ services }, SANDBOX_MODULES) : undefined;

function route(request: Request): Promise<Response> | Response {
  if (!handle) return new Response('Not found', { status: 404 });
  return sandboxGate(request, services.config) ?? handle(request);
}

export const dynamic = 'force-dynamic';
export { route as GET, route as POST, route as PUT };
