import ipaddr from 'ipaddr.js';

/** A parsed IP address, as `ipaddr.js` models it. */
export type IpAddress = ipaddr.IPv4 | ipaddr.IPv6;

/**
 * Parses an IP address in any spelling the WHATWG URL parser or `inet_aton` accept: IPv4 in dotted
 * decimal, hex, octal, a single number or a short form (`127.1`), with an optional trailing dot; IPv6
 * compressed or expanded, with an embedded IPv4 tail, in brackets, with a zone id (`%eth0`, `%25en0`).
 * Returns `undefined` for anything else, host names included.
 */
export function parseIpAddress(input: string): IpAddress | undefined {
  return parseIpv6Address(input) ?? parseIpv4Address(input);
}

/** The IPv4 reading of `input`, or `undefined`. */
export function parseIpv4Address(input: string): ipaddr.IPv4 | undefined {
  const text = input.endsWith('.') ? input.slice(0, -1) : input;
  // WHATWG reads a bare `0x` as zero; ipaddr.js wants at least one digit.
  const digits = text.replace(/(^|\.)0x(?=\.|$)/gi, '$10');
  try {
    return ipaddr.IPv4.parse(digits);
  } catch {
    // Not an IPv4 literal in any spelling: a host name or a malformed number.
    return undefined;
  }
}

/** The IPv6 reading of `input` (brackets and zone id ignored), or `undefined`. */
export function parseIpv6Address(input: string): ipaddr.IPv6 | undefined {
  let text = input.startsWith('[') && input.endsWith(']') ? input.slice(1, -1) : input;
  // The zone id names an interface, not part of the address; ipaddr.js accepts only some spellings.
  const zone = text.indexOf('%');
  if (zone !== -1) text = text.slice(0, zone);
  if (!text.includes(':')) return undefined;
  try {
    return ipaddr.IPv6.parse(text);
  } catch {
    // Not an IPv6 literal.
    return undefined;
  }
}
