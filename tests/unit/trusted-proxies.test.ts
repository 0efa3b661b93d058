import { describe, expect, it } from 'vitest';
import { clientAddress, dropUntrustedForwarding, HEADER_DIRECT_PEER, markDirectPeer, parseTrustedProxies } from '@/server/net/trusted-proxies';

describe('trusted proxies', () => {
  const trusted = parseTrustedProxies('10.0.0.0/8, 192.168.1.7, fd00::/8');

  it.each([
    ['10.1.2.3', true],
    ['::ffff:10.1.2.3', true],
    ['192.168.1.7', true],
    ['192.168.1.8', false],
    ['fd12::1', true],
    ['2001:db8::1', false],
    ['203.0.113.9', false],
    [undefined, false],
    ['not-an-ip', false],
  ])('trusts %s: %s', (address, expected) => {
    expect(trusted.has(address)).toBe(expected);
  });

  it('trusts nobody when TRUSTED_PROXIES is empty', () => {
    expect(parseTrustedProxies('').has('127.0.0.1')).toBe(false);
  });

  it('drops the forwarding headers of a peer it does not trust', () => {
    const headers: Record<string, string | undefined> = {
      host: 'localhost:3000',
      'x-forwarded-host': 'pl.localhost',
      'x-forwarded-for': '1.2.3.4',
      'x-forwarded-proto': 'https',
      forwarded: 'for=1.2.3.4',
      'x-real-ip': '1.2.3.4',
      'user-agent': 'curl',
    };
    dropUntrustedForwarding(headers, '203.0.113.9', trusted);
    expect(headers).toEqual({ host: 'localhost:3000', 'user-agent': 'curl' });
  });

  it('keeps the forwarding headers of a trusted proxy', () => {
    const headers = { host: 'internal', 'x-forwarded-host': 'pl.localhost', 'x-forwarded-for': '1.2.3.4' };
    dropUntrustedForwarding(headers, '::ffff:10.0.0.5', trusted);
    expect(headers['x-forwarded-host']).toBe('pl.localhost');
  });

  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['1.1.1.1, 203.0.113.9, 10.0.0.5', '203.0.113.9'],
    ['6.6.6.6, 203.0.113.9', '203.0.113.9'],
    ['10.0.0.9, 10.0.0.5', '10.0.0.9'],
    ['', 'unknown'],
  ])('finds the client in x-forwarded-for "%s": %s', (header, expected) => {
    expect(clientAddress(header, trusted)).toBe(expected);
  });

  it('marks the peer of a request that came with no forwarding header, and of no other', () => {
    const direct: Record<string, string | undefined> = { host: 'localhost:3000', [HEADER_DIRECT_PEER]: '10.9.9.9' };
    markDirectPeer(direct, '::ffff:127.0.0.1');
    expect(direct[HEADER_DIRECT_PEER]).toBe('127.0.0.1');
    for (const name of ['x-forwarded-for', 'x-forwarded-anything', 'forwarded', 'x-real-ip', 'via', 'true-client-ip']) {
      const headers: Record<string, string | undefined> = { host: 'localhost:3000', [name]: '127.0.0.1', [HEADER_DIRECT_PEER]: '127.0.0.1' };
      markDirectPeer(headers, '127.0.0.1');
      expect([name, headers[HEADER_DIRECT_PEER]]).toEqual([name, undefined]);
    }
  });
});
