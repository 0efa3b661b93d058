import { timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import { secureCookies } from '@/lib/visitor-pass-cookie';
import type { Config } from '../config';
import { HEADER_DIRECT_PEER } from '../net/trusted-proxies';

const COOKIE = 'sandbox_token';
const PARAM = 'sandbox_token';

/**
 * Who may reach /sandbox (config.sandboxAccess): everybody in dev and test; elsewhere the site
 * calling its own simulators and whoever shows SANDBOX_TOKEN. The site's own call comes straight
 * from a loopback peer to a loopback host (config.selfUrl) with no forwarding header: a request
 * bearing any (the edge's HEADER_DIRECT_PEER says so) passed a proxy, and a proxy on the same host
 * would otherwise make every visitor loopback, whatever TRUSTED_PROXIES says. Nothing a client
 * writes counts: not x-forwarded-for, not the Host of a request that came through a proxy.
 * The token travels as the header
 * x-sandbox-token, the cookie a first visit with `?sandbox_token=` sets (so a tester's browser
 * can follow a payment through the simulated gateways), or that query parameter. Anyone else gets
 * the plain 404 of a site without simulators. Answers undefined to let the request through.
 */
export function sandboxGate(request: Request, config: Config): Response | undefined {
  const access = config.sandboxAccess;
  if (access.open) return undefined;
  const url = new URL(request.url);
  if (isLoopback(request.headers.get(HEADER_DIRECT_PEER)) && isLoopbackHost(url.hostname)) return undefined;
  const token = access.token;
  if (!token) return notFound();
  const offered = request.headers.get('x-sandbox-token') ?? cookie(request.headers.get('cookie'), COOKIE) ?? url.searchParams.get(PARAM);
  if (!offered || !sameSecret(offered, token)) return notFound();
  if (!url.searchParams.has(PARAM) || request.method !== 'GET') return undefined;
  url.searchParams.delete(PARAM);
  return new Response(null, {
    status: 303,
    headers: {
      location: url.pathname + url.search,
      // Secure always: only outside dev and test does the gate stand, and there a TLS proxy in front
      // makes the site see plain http.
      'set-cookie': `${COOKIE}=${encodeURIComponent(token)}; Path=/sandbox; HttpOnly; SameSite=Lax${secureCookies(config.appEnv) || url.protocol === 'https:' ? '; Secure' : ''}`,
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
    },
  });
}

function isLoopback(address: string | null): boolean {
  if (!address) return false;
  if (isIP(address) === 4) return address.startsWith('127.');
  return address === '::1';
}

/** A name that can only mean this machine: a loopback address, localhost or *.localhost (RFC 6761). */
function isLoopbackHost(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  return isLoopback(name.startsWith('[') ? name.slice(1, -1) : name);
}

function sameSecret(offered: string, token: string): boolean {
  const a = Buffer.from(offered);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

function cookie(header: string | null, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

function notFound(): Response {
  return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
}
