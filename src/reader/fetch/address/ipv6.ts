import { parseIpv4 } from './ipv4.js';

/**
 * Parses an IPv6 address (compressed or expanded, with an embedded dotted IPv4 tail, optionally in
 * brackets and with a zone id such as `%eth0` or `%25eth0`) into its eight 16-bit groups.
 */
export function parseIpv6(input: string): number[] | undefined {
  let text = input.startsWith('[') && input.endsWith(']') ? input.slice(1, -1) : input;
  const zone = text.indexOf('%');
  if (zone !== -1) text = text.slice(0, zone);
  if (!text.includes(':')) return undefined;
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const head = parseGroups(halves[0] ?? '', halves.length === 1);
  const tail = halves.length === 2 ? parseGroups(halves[1] ?? '', true) : [];
  if (!head || !tail) return undefined;
  if (halves.length === 1) return head.length === 8 ? head : undefined;
  const missing = 8 - head.length - tail.length;
  if (missing < 1) return undefined;
  return [...head, ...new Array<number>(missing).fill(0), ...tail];
}

function parseGroups(text: string, mayEndWithIpv4: boolean): number[] | undefined {
  if (text === '') return [];
  const pieces = text.split(':');
  const groups: number[] = [];
  for (const [index, piece] of pieces.entries()) {
    if (mayEndWithIpv4 && index === pieces.length - 1 && piece.includes('.')) {
      // Only strict dotted decimal is valid inside IPv6.
      if (!/^\d{1,3}(\.\d{1,3}){3}$/.test(piece)) return undefined;
      const ipv4 = parseIpv4(piece.replace(/(^|\.)0+(\d)/g, '$1$2'));
      if (ipv4 === undefined) return undefined;
      groups.push(Math.floor(ipv4 / 65536), ipv4 % 65536);
      continue;
    }
    if (!/^[0-9a-f]{1,4}$/i.test(piece)) return undefined;
    groups.push(Number.parseInt(piece, 16));
  }
  return groups;
}

/** The 32-bit IPv4 address held in two 16-bit groups. */
export function ipv4FromGroups(high: number, low: number): number {
  return high * 65536 + low;
}
