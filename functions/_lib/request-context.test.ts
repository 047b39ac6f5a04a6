import { afterEach, describe, expect, it, vi } from 'vitest';
import { clientAddressOf, normalizeAddress } from './request-context.ts';

/** Issue 12.1: the client address is the socket peer unless the peer is a trusted proxy. */

const request = (headers: Record<string, string> = {}) =>
  new Request('http://localhost/api/auth/sign-in', { headers });

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('clientAddressOf', () => {
  it('is the socket peer; a caller-supplied X-Forwarded-For or Netlify header changes nothing', () => {
    const spoofed = request({
      'x-forwarded-for': '198.51.100.1',
      'x-nf-client-connection-ip': '198.51.100.2',
      forwarded: 'for=198.51.100.3',
    });
    expect(clientAddressOf(spoofed, { clientAddress: '203.0.113.9' })).toBe('203.0.113.9');
    expect(clientAddressOf(request(), { clientAddress: '::ffff:203.0.113.9' })).toBe('203.0.113.9');
  });

  it('does not believe X-Forwarded-For without a peer either (no host passes none but tests)', () => {
    const address = clientAddressOf(request({ 'x-forwarded-for': '198.51.100.1' }), {});
    expect(address).not.toBe('198.51.100.1');
  });

  it('reads X-Forwarded-For from the right when the peer is a trusted proxy', () => {
    vi.stubEnv('TRUSTED_PROXIES', '10.0.0.0/8, 127.0.0.1');
    const via = (xff: string, peer = '127.0.0.1') =>
      clientAddressOf(request({ 'x-forwarded-for': xff }), { clientAddress: peer });
    expect(via('198.51.100.7')).toBe('198.51.100.7');
    // The client prepended a fake entry: the proxy's own entry (rightmost untrusted) wins.
    expect(via('1.1.1.1, 198.51.100.7')).toBe('198.51.100.7');
    // Two proxies of ours in a row are skipped.
    expect(via('198.51.100.7, 10.1.2.3')).toBe('198.51.100.7');
    // Garbage stops the walk at the last trusted hop.
    expect(via('not-an-ip, 10.1.2.3')).toBe('10.1.2.3');
    expect(via('')).toBe('127.0.0.1');
    // A peer that is not trusted is the client, whatever it forwards.
    expect(via('198.51.100.7', '203.0.113.9')).toBe('203.0.113.9');
  });

  it('trusts Netlify’s header only on Netlify and only without a peer', () => {
    const nf = request({ 'x-nf-client-connection-ip': '198.51.100.2' });
    expect(clientAddressOf(nf, {})).toBe('unknown');
    vi.stubEnv('NETLIFY', 'true');
    expect(clientAddressOf(nf, {})).toBe('198.51.100.2');
    expect(clientAddressOf(nf, { clientAddress: '198.51.100.5' })).toBe('198.51.100.5');
  });
});

describe('normalizeAddress', () => {
  it('unwraps IPv4-mapped IPv6, brackets and zones; refuses what is not an address', () => {
    expect(normalizeAddress('::ffff:1.2.3.4')).toBe('1.2.3.4');
    expect(normalizeAddress('[2001:DB8::1]')).toBe('2001:db8::1');
    expect(normalizeAddress('fe80::1%eth0')).toBe('fe80::1');
    expect(normalizeAddress('unknown')).toBe('');
    expect(normalizeAddress(undefined)).toBe('');
  });
});
