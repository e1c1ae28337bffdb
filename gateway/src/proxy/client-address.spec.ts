import type { IncomingMessage } from 'node:http';
import { isProxyEntry, plainAddress, TrustedProxies } from './client-address.js';

const from = (socket: string, forwardedFor?: string | string[]) =>
  ({
    socket: { remoteAddress: socket },
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  }) as unknown as IncomingMessage;

describe('client address', () => {
  it('is the socket when no proxy is trusted, whatever the client writes in X-Forwarded-For', () => {
    const none = new TrustedProxies([]);
    expect(none.clientAddress(from('198.51.100.1', '6.6.6.6'))).toBe('198.51.100.1');
    expect(none.clientAddress(from('::ffff:198.51.100.1'))).toBe('198.51.100.1');
  });

  it('is the socket when the socket is not a trusted proxy', () => {
    const proxies = new TrustedProxies(['10.0.0.0/8']);
    expect(proxies.clientAddress(from('203.0.113.5', '6.6.6.6'))).toBe('203.0.113.5');
  });

  it('is the right-most untrusted hop when a trusted proxy forwards', () => {
    const proxies = new TrustedProxies(['10.0.0.0/8', '192.0.2.7', '2001:db8::/32']);
    expect(proxies.clientAddress(from('10.0.0.2', '6.6.6.6, 203.0.113.9'))).toBe('203.0.113.9');
    expect(proxies.clientAddress(from('192.0.2.7', ['6.6.6.6, 203.0.113.9', '10.4.4.4']))).toBe(
      '203.0.113.9',
    );
    expect(proxies.clientAddress(from('2001:db8::1', '2001:db8::2, 2a00:1450::1'))).toBe('2a00:1450::1');
    expect(proxies.clientAddress(from('::ffff:10.0.0.2', '::ffff:203.0.113.9'))).toBe('203.0.113.9');
  });

  it('is the left-most hop when every hop is a trusted proxy, and the socket when none is an address', () => {
    const proxies = new TrustedProxies(['10.0.0.0/8']);
    expect(proxies.clientAddress(from('10.0.0.2', '10.9.9.9, 10.0.0.1'))).toBe('10.9.9.9');
    expect(proxies.clientAddress(from('10.0.0.2', 'unknown'))).toBe('10.0.0.2');
    expect(proxies.clientAddress(from('10.0.0.2'))).toBe('10.0.0.2');
  });

  it('accepts addresses and CIDR ranges as TRUSTED_PROXIES entries', () => {
    expect(['127.0.0.1', '10.0.0.0/8', '::1', '2001:db8::/32', '0.0.0.0/0'].every(isProxyEntry)).toBe(true);
    expect(['localhost', '10.0.0.0/33', '::1/129', '10.0.0.0/8/1', '10.0.0.0/x', ''].some(isProxyEntry)).toBe(
      false,
    );
  });

  it('reads IPv4-mapped IPv6 addresses as IPv4', () => {
    expect(plainAddress('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(plainAddress('::1')).toBe('::1');
  });
});
