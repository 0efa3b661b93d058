import type { Config } from '@/server/config';
import type { TryItAdapters } from '@/server/payments/gateways/try-it';
import type { Services } from '@/server/services';
import { html, notFound, page } from './html';

/**
 * What the simulators take from the site they stand beside: the database they keep their own
 * tables in, the clock, where errors go, and the settings both sides must agree on (the site's
 * address, the Booking.com credentials, the gateways' merchants and sandbox keys), and whether the
 * clock may be moved (a test server started at CLOCK_START, sandbox/clock.ts).
 */
export type SimulatorPorts = Pick<Services, 'db' | 'clock' | 'report'> & { config: Pick<Config, 'selfUrl' | 'booking' | 'payments' | 'appEnv' | 'clockStart'> };

/**
 * What the simulators get from the composition root: those ports and, for the gateways' "try
 * it" pages, the site's own adapters; the sandbox itself imports nothing of the site's but types.
 */
export interface SandboxContext {
  services: SimulatorPorts;
  tryIt: TryItAdapters;
}

/** A simulator: answers the requests under its prefix, or undefined for paths it does not know. */
export type SandboxModule = (request: Request, path: string, context: SandboxContext) => Promise<Response | undefined>;

interface Mounted {
  prefix: string;
  title: string;
  links: { href: string; label: string }[];
  handle: SandboxModule;
}

/**
 * The simulators of the outside world (Booking.com, the payment gateways, the bank, the mail
 * outbox), mounted under /sandbox by app/sandbox/[[...path]]/route.ts only when SANDBOX is on.
 * Production code reaches them only through configured addresses.
 */
export function createSandbox(context: SandboxContext, modules: Mounted[] = []) {
  return async (request: Request): Promise<Response> => {
    const path = new URL(request.url).pathname.replace(/\/+$/, '') || '/';
    if (path === '/sandbox') return index(modules);
    for (const mount of modules) {
      if (path === mount.prefix || path.startsWith(`${mount.prefix}/`)) {
        const response = await mount.handle(request, path.slice(mount.prefix.length) || "/", context);
        if (response) return response;
      }
    }
    return notFound();
  };
}

function index(modules: Mounted[]): Response {
  return page({
    lang: 'en',
    title: 'Sandbox',
    banner: 'SANDBOX — simulators, not real services',
    body: html`<h1>Sandbox</h1>
<p>These simulators stand in for Booking.com, the payment gateways, the bank and the e-mail server while
SANDBOX is on. They speak the real protocols; nothing here moves real money.</p>
${modules.filter((mount) => mount.links.length > 0).map(
  (mount) => html`<section class="card"><h2>${mount.title}</h2><ul>
${mount.links.map((link) => html`<li><a href="${link.href}">${link.label}</a></li>`)}
</ul></section>`,
)}`,
  });
}

export type { Mounted as SandboxMount };
