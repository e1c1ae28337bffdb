import { BlockList, isIP } from 'node:net';
import type { IncomingMessage } from 'node:http';

/** `::ffff:192.0.2.1` (an IPv4 peer on a dual-stack socket) is 192.0.2.1. */
export function plainAddress(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return mapped ? mapped[1] : address;
}

/**
 * The proxies in front of the gateway whose `X-Forwarded-For` is believed (TRUSTED_PROXIES: addresses and CIDR
 * ranges). Nobody else's is: a client could write any address there.
 */
export class TrustedProxies {
  private readonly list = new BlockList();
  readonly empty: boolean;

  constructor(entries: readonly string[]) {
    for (const entry of entries) {
      const [address, bits] = entry.split('/');
      const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
      if (bits === undefined) this.list.addAddress(address, family);
      else this.list.addSubnet(address, Number(bits), family);
    }
    this.empty = entries.length === 0;
  }

  has(address: string): boolean {
    const plain = plainAddress(address);
    const family = isIP(plain);
    return family !== 0 && this.list.check(plain, family === 6 ? 'ipv6' : 'ipv4');
  }

  /**
   * The client's address: the socket's, unless the socket is a trusted proxy; then the right-most address of
   * `X-Forwarded-For` that is not a trusted proxy (each proxy appends the address it was reached from).
   */
  clientAddress(request: IncomingMessage): string {
    const socket = plainAddress(request.socket.remoteAddress ?? '');
    if (this.empty || !this.has(socket)) return socket;
    const header = request.headers['x-forwarded-for'];
    const hops = (Array.isArray(header) ? header.join(',') : (header ?? ''))
      .split(',')
      .map((hop) => plainAddress(hop.trim()))
      .filter((hop) => isIP(hop) !== 0);
    for (let index = hops.length - 1; index >= 0; index--) {
      if (!this.has(hops[index])) return hops[index];
    }
    return hops[0] ?? socket;
  }
}

/** Whether a TRUSTED_PROXIES entry is an IP address or a CIDR range. */
export function isProxyEntry(entry: string): boolean {
  const [address, bits, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 6 ? 128 : 32);
}
