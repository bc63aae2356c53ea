import { parseIpv4Address } from './parse.js';

/**
 * Parses an IPv4 address in every spelling `inet_aton` and the WHATWG URL parser accept (dotted
 * decimal, hex, octal, one number, short forms, a trailing dot) into an unsigned 32-bit number.
 */
export function parseIpv4(input: string): number | undefined {
  const address = parseIpv4Address(input);
  return address?.octets.reduce((value, octet) => value * 256 + octet, 0);
}
