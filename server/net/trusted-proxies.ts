import { BlockList, isIP } from 'node:net';

/**
 * Which peers may tell us the original client and host (x-forwarded-*). Kept free of path aliases
 * and other project imports, because the HTTP entry point (server.mts) runs it directly in Node.
 */
export interface TrustedProxies {
  readonly spec: string;
  has(address: string | undefined): boolean;
}

const FORWARDED_HEADERS = [
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-port',
  'x-forwarded-proto',
  'x-real-ip',
];

/** "10.0.0.0/8, 192.168.1.7, fd00::/8" → a matcher; throws on an entry that is not an IP or CIDR. */
export function parseTrustedProxies(spec: string): TrustedProxies {
  const list = new BlockList();
  for (const entry of spec.split(',').map((e) => e.trim()).filter(Boolean)) {
    const [address = '', prefix] = entry.split('/');
    const family = isIP(address);
    if (family === 0) throw new Error(`TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR range`);
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) {
      list.addAddress(address, type);
      continue;
    }
    const bits = Number(prefix);
    if (!/^\d+$/.test(prefix) || bits > (family === 4 ? 32 : 128)) {
      throw new Error(`TRUSTED_PROXIES: "${entry}" has an invalid prefix length`);
    }
    list.addSubnet(address, bits, type);
  }
  return {
    spec,
    has(raw) {
      const address = unmapped(raw);
      const family = address ? isIP(address) : 0;
      if (!address || family === 0) return false;
      return list.check(address, family === 4 ? 'ipv4' : 'ipv6');
    },
  };
}

/** "::ffff:10.0.0.1" (an IPv4 peer on a dual-stack socket) → "10.0.0.1". */
function unmapped(address: string | undefined): string | undefined {
  const trimmed = address?.trim();
  if (!trimmed) return undefined;
  return trimmed.toLowerCase().startsWith('::ffff:') && isIP(trimmed.slice(7)) === 4
    ? trimmed.slice(7)
    : trimmed;
}

/**
 * Headers by which some proxy tells of a hop before it: the standard and common ones, and any
 * x-forwarded-*. Their presence alone says the request did not start at its TCP peer.
 */
const HOP_HEADERS = new Set([
  ...FORWARDED_HEADERS,
  'via',
  'x-client-ip',
  'x-cluster-client-ip',
  'true-client-ip',
  'cf-connecting-ip',
  'fastly-client-ip',
  'client-ip',
  'x-original-forwarded-for',
]);

/**
 * Written by the edge on every request, over whatever the client sent under this name: the TCP
 * peer's address when the request bore no forwarding header at all, else absent. Only such a
 * request started at its peer; a proxy on the same host (trusted or not) makes a loopback peer
 * of every visitor, and says so only by the headers it adds.
 */
export const HEADER_DIRECT_PEER = 'x-dzb-direct-peer';

/** Sets HEADER_DIRECT_PEER (see there); call it before anything drops forwarding headers. */
export function markDirectPeer(headers: Record<string, string | string[] | undefined>, peer: string | undefined): void {
  delete headers[HEADER_DIRECT_PEER];
  const forwarded = Object.keys(headers).some((name) => HOP_HEADERS.has(name) || name.startsWith('x-forwarded-'));
  const address = unmapped(peer);
  if (!forwarded && address) headers[HEADER_DIRECT_PEER] = address;
}

/**
 * Drops the forwarded headers a peer we do not trust has sent, so that everything downstream
 * (Next fills them in from the socket) can read x-forwarded-* as the truth.
 */
export function dropUntrustedForwarding(
  headers: Record<string, string | string[] | undefined>,
  peer: string | undefined,
  trusted: TrustedProxies,
): void {
  if (trusted.has(peer)) return;
  for (const name of FORWARDED_HEADERS) delete headers[name];
}

/**
 * The client's address from x-forwarded-for: the right-most entry that is not one of our proxies
 * (entries further left were written by the client itself and prove nothing).
 */
export function clientAddress(forwardedFor: string | null | undefined, trusted: TrustedProxies): string {
  const hops = (forwardedFor ?? '')
    .split(',')
    .map((hop) => unmapped(hop))
    .filter((hop): hop is string => Boolean(hop));
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i]!;
    if (i === 0 || !trusted.has(hop)) return hop;
  }
  return 'unknown';
}
