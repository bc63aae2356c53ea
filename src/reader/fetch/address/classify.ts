import ipaddr from 'ipaddr.js';
import { parseIpAddress } from './parse.js';
import {
  type BlockedRange,
  blockedIpv4Ranges,
  blockedIpv6Ranges,
  embeddingIpv6Ranges,
  globalUnicastIpv6,
  reservedIpv6Ranges,
} from './ranges.js';

/** Why an address may not be fetched. */
export interface BlockedAddress {
  /** Machine-readable class, e.g. `loopback`, `private`, `cloud-metadata`. */
  kind: string;
  /** Human phrase for messages, e.g. "a loopback address". */
  description: string;
}

type Parsed<Address> = { range: Address; bits: number };

function parsedRanges<Range extends { cidr: string }, Address>(
  ranges: Range[],
  parse: (cidr: string) => [Address, number],
): (Range & Parsed<Address>)[] {
  return ranges.map((range) => {
    const [address, bits] = parse(range.cidr);
    return { ...range, range: address, bits };
  });
}

const parseIpv6Cidr = (cidr: string) => ipaddr.IPv6.parseCIDR(cidr);
const ipv4Ranges = parsedRanges(blockedIpv4Ranges, (cidr) => ipaddr.IPv4.parseCIDR(cidr));
const ipv6Ranges = parsedRanges(blockedIpv6Ranges, parseIpv6Cidr);
const ipv6Embedding = parsedRanges(embeddingIpv6Ranges, parseIpv6Cidr);
const ipv6Reserved = parsedRanges(reservedIpv6Ranges, parseIpv6Cidr);
const globalUnicast = ipaddr.IPv6.parseCIDR(globalUnicastIpv6);

function verdict(range: BlockedRange | undefined): BlockedAddress | undefined {
  return range && { kind: range.kind, description: range.description };
}

/** Classifies an IPv4 address; `undefined` means it is public. */
export function classifyIpv4(address: ipaddr.IPv4): BlockedAddress | undefined {
  return verdict(ipv4Ranges.find((range) => address.match(range.range, range.bits)));
}

/** Classifies an IPv6 address; `undefined` means it is public. */
export function classifyIpv6(address: ipaddr.IPv6): BlockedAddress | undefined {
  const outright = ipv6Ranges.find((range) => address.match(range.range, range.bits));
  if (outright) return verdict(outright);
  const embedding = ipv6Embedding.find((range) => address.match(range.range, range.bits));
  if (embedding) {
    const high = address.parts[embedding.ipv4At] ?? 0;
    const low = address.parts[embedding.ipv4At + 1] ?? 0;
    const inner = new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
    const innerVerdict = classifyIpv4(inner);
    if (!innerVerdict) return undefined;
    const description = `${innerVerdict.description} (${inner.toString()} via ${embedding.via})`;
    return { kind: innerVerdict.kind, description };
  }
  const reserved = ipv6Reserved.find((range) => address.match(range.range, range.bits));
  if (reserved) return verdict(reserved);
  if (!address.match(globalUnicast)) return { kind: 'reserved', description: 'a reserved address' };
  return undefined;
}

/**
 * Classifies an IP address in any spelling (IPv4 in decimal, hex, octal or short form; IPv6 compressed,
 * expanded, bracketed, with a zone id or an embedded IPv4). Returns why it is blocked, or `undefined`
 * when it is a public address. Throws nothing: a string that is not an IP address returns `undefined`.
 */
export function classifyAddress(address: string): BlockedAddress | undefined {
  const parsed = parseIpAddress(address);
  if (!parsed) return undefined;
  return parsed.kind() === 'ipv6' ? classifyIpv6(parsed as ipaddr.IPv6) : classifyIpv4(parsed as ipaddr.IPv4);
}

/** Whether an IP address (any spelling) is private, loopback, link-local or otherwise not public. */
export function isBlockedAddress(address: string): boolean {
  return classifyAddress(address) !== undefined;
}

/** Whether a string is an IP address literal (any spelling) rather than a host name. */
export function isIpAddress(text: string): boolean {
  return parseIpAddress(text) !== undefined;
}
