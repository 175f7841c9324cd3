import { describe, expect, it } from 'vitest';
import { addressVerdict, ipLiteral } from './callback-address';

describe('addressVerdict', () => {
  it.each([
    // IPv4 special ranges
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'this network 0/8'],
    ['10.1.2.3', 'private 10/8'],
    ['100.64.0.1', 'CGNAT 100.64/10'],
    ['100.127.255.254', 'CGNAT, top'],
    ['169.254.169.254', 'metadata (link-local)'],
    ['169.254.1.1', 'link-local'],
    ['172.16.0.1', 'private 172.16/12'],
    ['172.31.255.255', 'private 172.16/12, top'],
    ['192.0.0.8', 'IETF protocol assignments'],
    ['192.0.2.1', 'TEST-NET-1'],
    ['192.168.1.1', 'private 192.168/16'],
    ['198.18.0.1', 'benchmarking'],
    ['198.51.100.7', 'TEST-NET-2'],
    ['203.0.113.9', 'TEST-NET-3'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast (SSDP)'],
    ['240.0.0.1', 'reserved 240/4'],
    ['255.255.255.255', 'broadcast'],
    // IPv6
    ['::', 'unspecified'],
    ['fe80::1', 'link-local'],
    ['fc00::1', 'unique-local'],
    ['fd00:ec2::254', 'EC2 metadata (unique-local)'],
    ['ff02::1', 'multicast'],
    ['::ffff:10.0.0.1', 'v4-mapped private'],
    ['::ffff:7f00:1', 'v4-mapped loopback (hex)'],
    ['::ffff:169.254.169.254', 'v4-mapped metadata'],
    ['::ffff:8.8.8.8', 'v4-mapped public: refused as a form'],
    ['::ffff:0:10.0.0.1', 'v4-translated'],
    ['::7f00:1', 'v4-compatible loopback'],
    ['::10.0.0.1', 'v4-compatible private'],
    ['64:ff9b::a00:1', 'NAT64 of 10.0.0.1'],
    ['64:ff9b::7f00:1', 'NAT64 of 127.0.0.1'],
    ['64:ff9b:1::a9fe:a9fe', 'local-use NAT64 of the metadata address'],
    ['2002:a00:1::', '6to4 of 10.0.0.1'],
    ['2001::1', 'Teredo'],
    ['2001:db8::1', 'documentation'],
    ['100::1', 'discard-only'],
    ['fec0::1', 'old site-local'],
    ['4000::1', 'outside global unicast 2000::/3'],
    ['not-an-ip', 'not an address'],
  ])('refuses %s (%s)', (ip) => {
    expect(addressVerdict(ip)).toBe('refused');
  });

  it.each(['127.0.0.1', '127.1.2.3', '::1'])('names %s loopback (the local allowance decides)', (ip) => {
    expect(addressVerdict(ip)).toBe('loopback');
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.216.34',
    '100.63.255.255',
    '172.32.0.1',
    '2606:4700:4700::1111',
    '2a00:1450:4001:80b::200e',
  ])('accepts the public address %s', (ip) => {
    expect(addressVerdict(ip)).toBe('public');
  });
});

describe('ipLiteral', () => {
  it('reads the host of a WHATWG-parsed URL: odd IPv4 spellings arrive as 127.0.0.1', () => {
    for (const raw of [
      'http://2130706433/',
      'http://0x7f000001/',
      'http://0177.0.0.1/',
      'http://127.1/',
      'http://0x7f.1/',
    ]) {
      expect(ipLiteral(new URL(raw).hostname), raw).toBe('127.0.0.1');
    }
    expect(ipLiteral(new URL('https://[::ffff:127.0.0.1]/').hostname)).toBe('::ffff:7f00:1');
    expect(ipLiteral(new URL('https://[0:0:0:0:0:0:0:1]/').hostname)).toBe('::1');
    expect(ipLiteral('shop.example.com')).toBeUndefined();
    expect(ipLiteral('localhost')).toBeUndefined();
  });
});
