import { describe, expect, it } from 'vitest';
import { classifyAddress, isBlockedAddress } from './classify.js';
import { parseIpv4 } from './ipv4.js';
import { parseIpv6 } from './ipv6.js';

describe('parseIpv4', () => {
  it.each([
    ['127.0.0.1', 0x7f000001],
    ['2130706433', 0x7f000001],
    ['0x7f000001', 0x7f000001],
    ['0x7F.1', 0x7f000001],
    ['0177.0.0.1', 0x7f000001],
    ['0177.0.0.01', 0x7f000001],
    ['127.1', 0x7f000001],
    ['127.0.1', 0x7f000001],
    ['10.1', 0x0a000001],
    ['127.0.0.1.', 0x7f000001],
  ])('reads %s', (spelling, expected) => {
    expect(parseIpv4(spelling)).toBe(expected);
  });

  it.each(['256.0.0.1', '1.2.3.4.5', '08.0.0.1', 'example.com', '', '127.0.0.0xg', '4294967296'])(
    'rejects %s',
    (spelling) => {
      expect(parseIpv4(spelling)).toBeUndefined();
    },
  );
});

describe('parseIpv6', () => {
  it('expands compressed forms, embedded IPv4, brackets and zone ids', () => {
    expect(parseIpv6('::1')).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    expect(parseIpv6('0:0:0:0:0:0:0:1')).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    expect(parseIpv6('[::ffff:127.0.0.1]')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x7f00, 1]);
    expect(parseIpv6('fe80::1%eth0')).toEqual([0xfe80, 0, 0, 0, 0, 0, 0, 1]);
    expect(parseIpv6('fe80::1%25eth0')).toEqual([0xfe80, 0, 0, 0, 0, 0, 0, 1]);
    expect(parseIpv6('1:2:3:4:5:6:7:8:9')).toBeUndefined();
    expect(parseIpv6('1::2::3')).toBeUndefined();
    expect(parseIpv6('12345::')).toBeUndefined();
  });
});

describe('classifyAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['2130706433', 'loopback'],
    ['0x7f000001', 'loopback'],
    ['0177.0.0.1', 'loopback'],
    ['127.1', 'loopback'],
    ['10.1', 'private'],
    ['10.0.0.5', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.1.1', 'link-local'],
    ['169.254.169.254', 'cloud-metadata'],
    ['0xa9fea9fe', 'cloud-metadata'],
    ['0.0.0.0', 'unspecified'],
    ['0', 'unspecified'],
    ['255.255.255.255', 'broadcast'],
    ['100.64.0.1', 'cgnat'],
    ['100.127.255.255', 'cgnat'],
    ['198.18.0.1', 'benchmarking'],
    ['198.19.255.255', 'benchmarking'],
    ['192.0.2.1', 'reserved'],
    ['203.0.113.9', 'reserved'],
    ['240.0.0.1', 'reserved'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['0000:0000:0000:0000:0000:0000:0000:0001', 'loopback'],
    ['[::1]', 'loopback'],
    ['::', 'unspecified'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['0:0:0:0:0:ffff:7f00:0001', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:a9fe:a9fe', 'cloud-metadata'],
    ['::127.0.0.1', 'loopback'],
    ['::7f00:1', 'loopback'],
    ['64:ff9b::127.0.0.1', 'loopback'],
    ['64:ff9b::a00:1', 'private'],
    ['64:ff9b:1::1', 'reserved'],
    ['2002:7f00:1::', 'loopback'],
    ['2002:c0a8:101::1', 'private'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'reserved'],
    ['2001:db8::1', 'reserved'],
    ['2001:2::1', 'benchmarking'],
    ['fc00::1', 'unique-local'],
    ['fdff:ffff::1', 'unique-local'],
    ['fd00:ec2::254', 'cloud-metadata'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['fe80::1%25en0', 'link-local'],
    ['febf::1', 'link-local'],
    ['ff02::1', 'multicast'],
    ['fec0::1', 'reserved'],
    ['100::1', 'reserved'],
  ])('blocks %s as %s', (address, kind) => {
    expect(classifyAddress(address)?.kind).toBe(kind);
  });

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '1.1.1.1',
    '100.63.255.255',
    '100.128.0.0',
    '172.32.0.1',
    '198.20.0.1',
    '2606:4700:4700::1111',
    '2a00:1450:4001:82b::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])('lets the public address %s through', (address) => {
    expect(isBlockedAddress(address)).toBe(false);
  });

  it('describes mapped addresses with the embedded IPv4', () => {
    expect(classifyAddress('::ffff:7f00:1')?.description).toBe(
      'a loopback address (127.0.0.1 via IPv4-mapped IPv6)',
    );
  });
});
