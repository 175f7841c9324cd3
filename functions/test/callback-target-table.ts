import type { LookupHost, ResolvedAddress } from '../src/clients/host-lookup';

/**
 * The names the tests resolve (there is no DNS here, and a test must not depend on one): what
 * each answers. A name missing here is not found. `answers` can be changed between save and send.
 */
export function testLookup(answers: Record<string, string[]>): LookupHost & { answers: typeof answers } {
  const lookup = Object.assign(
    async (hostname: string): Promise<ResolvedAddress[]> =>
      (lookup.answers[hostname] ?? []).map((address) => ({
        address,
        family: address.includes(':') ? 6 : 4,
      })),
    { answers },
  );
  return lookup;
}

/** Names for the table: each resolves to internal addresses (one hides a private one among public). */
export const TEST_NAMES: Record<string, string[]> = {
  localhost: ['127.0.0.1', '::1'],
  'loopback.reseller.test': ['127.0.0.1'],
  'v6-loopback.reseller.test': ['::1'],
  'internal.reseller.test': ['10.0.0.7'],
  'metadata.reseller.test': ['169.254.169.254'],
  'mapped.reseller.test': ['::ffff:192.168.1.1'],
  'mixed.reseller.test': ['93.184.216.34', '10.0.0.1'],
  // Public ones.
  'shop.reseller.test': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'],
  'v6.reseller.test': ['2a00:1450:4001:80b::200e'],
};

/** Callback URLs the shop must refuse, at save and at send: [url, what it is]. */
export const REFUSED_URLS: ReadonlyArray<readonly [string, string]> = [
  ['https://169.254.169.254/latest/meta-data/', 'EC2 metadata'],
  ['https://10.1.2.3/cb', 'private 10/8'],
  ['https://172.16.0.1/cb', 'private 172.16/12'],
  ['https://172.31.255.254/cb', 'private 172.16/12, top'],
  ['https://192.168.0.10/cb', 'private 192.168/16'],
  ['https://100.64.0.1/cb', 'CGNAT 100.64/10'],
  ['https://127.0.0.1/cb', 'loopback'],
  ['https://127.9.9.9:8443/cb', 'loopback, not .1'],
  ['https://0.0.0.0/cb', 'unspecified'],
  ['https://169.254.10.10/cb', 'link-local'],
  ['https://224.0.0.251/cb', 'multicast'],
  ['https://255.255.255.255/cb', 'broadcast'],
  ['https://192.0.2.10/cb', 'documentation'],
  ['https://198.18.0.5/cb', 'benchmarking'],
  ['https://240.0.0.1/cb', 'reserved'],
  ['https://[::1]/cb', 'IPv6 loopback'],
  ['https://[::]/cb', 'IPv6 unspecified'],
  ['https://[fe80::1]/cb', 'IPv6 link-local'],
  ['https://[fc00::1]/cb', 'IPv6 unique-local'],
  ['https://[fd00:ec2::254]/cb', 'EC2 metadata over IPv6'],
  ['https://[ff02::1]/cb', 'IPv6 multicast'],
  ['https://[::ffff:10.0.0.1]/cb', 'IPv4-mapped private'],
  ['https://[::ffff:7f00:1]/cb', 'IPv4-mapped loopback, hex'],
  ['https://[::ffff:169.254.169.254]/cb', 'IPv4-mapped metadata'],
  ['https://[::7f00:1]/cb', 'IPv4-compatible loopback'],
  ['https://[64:ff9b::a9fe:a9fe]/cb', 'NAT64 of the metadata address'],
  ['https://[64:ff9b::c0a8:0101]/cb', 'NAT64 of 192.168.1.1'],
  ['https://[2002:a00:1::]/cb', '6to4 of 10.0.0.1'],
  ['https://2130706433/cb', 'decimal 127.0.0.1'],
  ['https://0x7f000001/cb', 'hex 127.0.0.1'],
  ['https://0177.0.0.1/cb', 'octal 127.0.0.1'],
  ['https://127.1/cb', 'short 127.0.0.1'],
  ['https://0xa9fea9fe/latest/meta-data/', 'hex metadata address'],
  ['https://0x0a.1.2.3/cb', 'hex first part, private'],
  ['https://localhost/cb', 'localhost'],
  ['https://loopback.reseller.test/cb', 'a name resolving to loopback'],
  ['https://v6-loopback.reseller.test/cb', 'a name resolving to ::1'],
  ['https://internal.reseller.test/cb', 'a name resolving to 10/8'],
  ['https://metadata.reseller.test/latest/meta-data/', 'a name resolving to the metadata address'],
  ['https://mapped.reseller.test/cb', 'a name resolving to a mapped private address'],
  ['https://mixed.reseller.test/cb', 'a name with a public and a private address'],
  ['http://10.0.0.1:3300/cb', 'plain http to a private address'],
];

/** Callback URLs the shop takes (public addresses, by literal or by name). */
export const ACCEPTED_URLS: ReadonlyArray<readonly [string, string]> = [
  ['https://93.184.216.34/cb', 'public IPv4'],
  ['https://[2606:4700:4700::1111]/cb', 'public IPv6'],
  ['https://shop.reseller.test/hooks/khelaghor?x=1', 'a name with public IPv4 and IPv6'],
  ['https://v6.reseller.test:8443/cb', 'a name with a public IPv6, another port'],
];
