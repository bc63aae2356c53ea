import { formatIpv4, parseIpv4 } from './ipv4.js';
import { ipv4FromGroups, parseIpv6 } from './ipv6.js';

/** Why an address may not be fetched. */
export interface BlockedAddress {
  /** Machine-readable class, e.g. `loopback`, `private`, `cloud-metadata`. */
  kind: string;
  /** Human phrase for messages, e.g. "a loopback address". */
  description: string;
}

interface Ipv4Range {
  base: string;
  prefix: number;
  kind: string;
  description: string;
}

/** Ranges checked in order, most specific first. */
const blockedIpv4Ranges: Ipv4Range[] = [
  { base: '169.254.169.254', prefix: 32, kind: 'cloud-metadata', description: 'a cloud metadata address' },
  { base: '100.100.100.200', prefix: 32, kind: 'cloud-metadata', description: 'a cloud metadata address' },
  { base: '255.255.255.255', prefix: 32, kind: 'broadcast', description: 'the broadcast address' },
  { base: '0.0.0.0', prefix: 8, kind: 'unspecified', description: 'an unspecified ("this network") address' },
  { base: '10.0.0.0', prefix: 8, kind: 'private', description: 'a private address' },
  { base: '100.64.0.0', prefix: 10, kind: 'cgnat', description: 'a carrier-grade NAT (shared) address' },
  { base: '127.0.0.0', prefix: 8, kind: 'loopback', description: 'a loopback address' },
  { base: '169.254.0.0', prefix: 16, kind: 'link-local', description: 'a link-local address' },
  { base: '172.16.0.0', prefix: 12, kind: 'private', description: 'a private address' },
  { base: '192.0.0.0', prefix: 24, kind: 'reserved', description: 'a reserved (IETF protocol) address' },
  { base: '192.0.2.0', prefix: 24, kind: 'reserved', description: 'a reserved (documentation) address' },
  { base: '192.88.99.0', prefix: 24, kind: 'reserved', description: 'a reserved (6to4 relay) address' },
  { base: '192.168.0.0', prefix: 16, kind: 'private', description: 'a private address' },
  { base: '198.18.0.0', prefix: 15, kind: 'benchmarking', description: 'a benchmarking address' },
  { base: '198.51.100.0', prefix: 24, kind: 'reserved', description: 'a reserved (documentation) address' },
  { base: '203.0.113.0', prefix: 24, kind: 'reserved', description: 'a reserved (documentation) address' },
  { base: '224.0.0.0', prefix: 4, kind: 'multicast', description: 'a multicast address' },
  { base: '240.0.0.0', prefix: 4, kind: 'reserved', description: 'a reserved address' },
];

function inIpv4Range(address: number, range: Ipv4Range): boolean {
  const size = 2 ** (32 - range.prefix);
  const base = parseIpv4(range.base) ?? 0;
  return Math.floor(address / size) === Math.floor(base / size);
}

/** Classifies a 32-bit IPv4 address; `undefined` means it is public. */
export function classifyIpv4(address: number): BlockedAddress | undefined {
  const range = blockedIpv4Ranges.find((candidate) => inIpv4Range(address, candidate));
  return range && { kind: range.kind, description: range.description };
}

/** An IPv4 address inside an IPv6 one reached through a translation mechanism. */
function embedded(groups: number[], high: number, low: number, via: string): BlockedAddress | undefined {
  const inner = ipv4FromGroups(groups[high] ?? 0, groups[low] ?? 0);
  const verdict = classifyIpv4(inner);
  if (!verdict) return undefined;
  return { kind: verdict.kind, description: `${verdict.description} (${formatIpv4(inner)} via ${via})` };
}

function startsWith(groups: number[], prefix: number[]): boolean {
  return prefix.every((value, index) => groups[index] === value);
}

/** Classifies an IPv6 address given as eight groups; `undefined` means it is public. */
export function classifyIpv6(groups: number[]): BlockedAddress | undefined {
  const [first = 0, second = 0] = groups;
  if (groups.every((group) => group === 0)) {
    return { kind: 'unspecified', description: 'the unspecified address' };
  }
  if (startsWith(groups, [0, 0, 0, 0, 0, 0, 0, 1]))
    return { kind: 'loopback', description: 'a loopback address' };
  if (startsWith(groups, [0xfd00, 0xec2, 0, 0, 0, 0, 0, 0x254])) {
    return { kind: 'cloud-metadata', description: 'a cloud metadata address' };
  }
  if (startsWith(groups, [0, 0, 0, 0, 0, 0xffff])) return embedded(groups, 6, 7, 'IPv4-mapped IPv6');
  if (startsWith(groups, [0, 0, 0, 0, 0, 0])) return embedded(groups, 6, 7, 'IPv4-compatible IPv6');
  if (startsWith(groups, [0x64, 0xff9b, 0, 0, 0, 0])) return embedded(groups, 6, 7, 'NAT64');
  if (startsWith(groups, [0x64, 0xff9b, 1]))
    return { kind: 'reserved', description: 'a local-use NAT64 address' };
  if (first === 0x2002) return embedded(groups, 1, 2, '6to4');
  if (first === 0x2001 && second === 0) return { kind: 'reserved', description: 'a Teredo tunnel address' };
  if (first === 0x2001 && second === 0xdb8)
    return { kind: 'reserved', description: 'a documentation address' };
  if (first === 0x2001 && second === 2 && groups[2] === 0) {
    return { kind: 'benchmarking', description: 'a benchmarking address' };
  }
  if (first === 0x2001 && second < 0x200)
    return { kind: 'reserved', description: 'a reserved (IETF protocol) address' };
  if ((first & 0xfe00) === 0xfc00) return { kind: 'unique-local', description: 'a unique-local address' };
  if ((first & 0xffc0) === 0xfe80) return { kind: 'link-local', description: 'a link-local address' };
  if ((first & 0xff00) === 0xff00) return { kind: 'multicast', description: 'a multicast address' };
  // Only 2000::/3 is allocated for global unicast; everything else is reserved or special.
  if ((first & 0xe000) !== 0x2000) return { kind: 'reserved', description: 'a reserved address' };
  return undefined;
}

/**
 * Classifies an IP address in any spelling (IPv4 in decimal, hex, octal or short form; IPv6 compressed,
 * expanded, bracketed, with a zone id or an embedded IPv4). Returns why it is blocked, or `undefined`
 * when it is a public address. Throws nothing: a string that is not an IP address returns `undefined`.
 */
export function classifyAddress(address: string): BlockedAddress | undefined {
  const ipv6 = parseIpv6(address);
  if (ipv6) return classifyIpv6(ipv6);
  const ipv4 = parseIpv4(address);
  return ipv4 === undefined ? undefined : classifyIpv4(ipv4);
}

/** Whether an IP address (any spelling) is private, loopback, link-local or otherwise not public. */
export function isBlockedAddress(address: string): boolean {
  return classifyAddress(address) !== undefined;
}

/** Whether a string is an IP address literal (any spelling) rather than a host name. */
export function isIpAddress(text: string): boolean {
  return parseIpv6(text) !== undefined || parseIpv4(text) !== undefined;
}
