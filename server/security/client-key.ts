import { isIP } from 'node:net';

/**
 * Whom a client budget counts: an IPv4 address as it is, an IPv6 address by its /64 network.
 * One home or server is handed a whole /64, so counting single IPv6 addresses would give every
 * caller 2^64 fresh budgets. No address (or none that parses) has no key: such a caller is never
 * lumped together with others, it is stepped up instead (server/security/step-up.ts).
 */
export function clientKey(address: string | undefined): string | undefined {
  if (!address) return undefined;
  const family = isIP(address);
  if (family === 4) return address;
  if (family !== 6) return undefined;
  const groups = expandIpv6(address);
  // An IPv4 client on a dual-stack socket ("::ffff:1.2.3.4") is that IPv4 address.
  if (groups.slice(0, 5).every((g) => g === '0') && groups[5] === 'ffff') return mappedIpv4(address, groups);
  return `${groups.slice(0, 4).join(':')}::/64`;
}

function mappedIpv4(address: string, groups: string[]): string {
  if (groups[6] === 'v4') return address.slice(address.lastIndexOf(':') + 1);
  const [high = 0, low = 0] = groups.slice(6).map((g) => Number.parseInt(g, 16));
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** "2001:db8::1" → the eight groups, each as lower-case hex without leading zeros. */
function expandIpv6(address: string): string[] {
  const [withoutZone = ''] = address.toLowerCase().split('%');
  const [head = '', tail] = withoutZone.split('::');
  const groupsOf = (part: string) => (part === '' ? [] : part.split(':'));
  const left = groupsOf(head);
  const right = tail === undefined ? [] : groupsOf(tail);
  // An embedded IPv4 tail ("::ffff:1.2.3.4") is two groups.
  const rightCount = right.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - rightCount).fill('0');
  return [...left, ...zeros, ...right].flatMap((g) => (g.includes('.') ? ['v4', 'v4'] : [(Number.parseInt(g, 16) || 0).toString(16)]));
}
