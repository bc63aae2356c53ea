import { parseIpv6Address } from './parse.js';

/**
 * Parses an IPv6 address (compressed or expanded, with an embedded dotted IPv4 tail, optionally in
 * brackets and with a zone id such as `%eth0` or `%25eth0`) into its eight 16-bit groups.
 */
export function parseIpv6(input: string): number[] | undefined {
  return parseIpv6Address(input)?.parts;
}
