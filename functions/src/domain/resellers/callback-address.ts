import ipaddr from 'ipaddr.js';

/**
 * What one IP address is as a callback destination: 'public' (an ordinary internet address),
 * 'loopback' (this machine: only the local stack's receiver may be there) or 'refused'
 * (everything else the shop must never POST to).
 */
export type AddressVerdict = 'public' | 'loopback' | 'refused';

/** IPv6's global unicast space (2000::/3): nothing outside it is an internet host's address. */
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');

/**
 * The verdict on an address as DNS or a URL's host gives it. ipaddr.js names the special ranges
 * (private, CGNAT, link-local with the metadata address, multicast, unspecified, broadcast,
 * documentation, benchmarking, reserved; unique-local, NAT64, 6to4, Teredo, v4-mapped ...), so
 * only its 'unicast' is public. IPv4 inside IPv6 (mapped ::ffff:a.b.c.d, translated, NAT64,
 * 6to4, Teredo, the old compatible ::a.b.c.d) is refused whatever v4 address it carries: a
 * reseller's server has a plain v4 or v6 address, and these forms are how filters get bypassed.
 */
export function addressVerdict(ip: string): AddressVerdict {
  if (!ipaddr.isValid(ip)) return 'refused';
  const address = ipaddr.parse(ip);
  const range = address.range();
  if (range === 'loopback') return 'loopback';
  if (range !== 'unicast') return 'refused';
  if (address.kind() === 'ipv6' && !address.match(GLOBAL_UNICAST_V6)) return 'refused';
  return 'public';
}

/**
 * A URL's host when it is an IP address (WHATWG parsing already turned 2130706433, 0x7f000001,
 * 0177.0.0.1 and 127.1 into 127.0.0.1, and wraps IPv6 in brackets); undefined for a name.
 */
export function ipLiteral(hostname: string): string | undefined {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return ipaddr.isValid(bare) && (bare.includes(':') || /^\d+\.\d+\.\d+\.\d+$/.test(bare)) ? bare : undefined;
}
