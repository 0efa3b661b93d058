import { isIP } from 'node:net';

/**
 * Whom a client budget counts: an IPv4 address as it is, an IPv6 address by its /64 network.
 * One home or server is handed a whole /64, so counting single IPv6 addresses would give every
 * caller 2^64 fresh budgets. Anything else (no address known) shares one key.
 */
export function clientKey(address: string): string {
  const family = isIP(address);
  if (family === 4) return address;
  if (family !== 6) return 'unknown';
  return `${expandIpv6(address).slice(0, 4).join(':')}::/64`;
}

/** "2001:db8::1" → the eight groups, each as lower-case hex without leading zeros. */
function expandIpv6(address: string): string[] {
  const [withoutZone = ''] = address.toLowerCase().split('%');
  const [head = '', tail] = withoutZone.split('::');
  const groupsOf = (part: string) => (part === '' ? [] : part.split(':'));
  const left = groupsOf(head);
  const right = tail === undefined ? [] : groupsOf(tail);
  // An embedded IPv4 tail ("::ffff:1.2.3.4") is two groups; only the first four matter here.
  const rightCount = right.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - rightCount).fill('0');
  return [...left, ...zeros, ...right].map((g) => (g.includes('.') ? g : (Number.parseInt(g, 16) || 0).toString(16)));
}
