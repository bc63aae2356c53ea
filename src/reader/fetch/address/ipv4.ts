/**
 * Parses an IPv4 address in every spelling `inet_aton` and the WHATWG URL parser accept: dotted
 * decimal, hex (`0x7f000001`), octal (`0177.0.0.1`), a single number (`2130706433`) and short forms
 * (`127.1`, `10.1`), with an optional trailing dot. Returns the address as an unsigned 32-bit number.
 */
export function parseIpv4(input: string): number | undefined {
  const text = input.endsWith('.') ? input.slice(0, -1) : input;
  if (text === '') return undefined;
  const parts = text.split('.');
  if (parts.length > 4) return undefined;
  const numbers: number[] = [];
  for (const part of parts) {
    const value = parseIpv4Part(part);
    if (value === undefined) return undefined;
    numbers.push(value);
  }
  const last = numbers.pop() ?? 0;
  // Every leading part is one byte; the last part fills the remaining bytes (so `127.1` = 127.0.0.1).
  if (numbers.some((value) => value > 255)) return undefined;
  if (last >= 256 ** (4 - numbers.length)) return undefined;
  let address = 0;
  for (const [index, value] of numbers.entries()) address += value * 256 ** (3 - index);
  return address + last;
}

function parseIpv4Part(part: string): number | undefined {
  if (/^0x[0-9a-f]*$/i.test(part)) return part.length === 2 ? 0 : Number.parseInt(part.slice(2), 16);
  if (/^0[0-7]+$/.test(part)) return Number.parseInt(part.slice(1), 8);
  if (/^(0|[1-9][0-9]*)$/.test(part)) {
    const value = Number(part);
    return Number.isSafeInteger(value) ? value : undefined;
  }
  return undefined;
}

/** Dotted-decimal spelling of a 32-bit address. */
export function formatIpv4(address: number): string {
  return [24, 16, 8, 0].map((shift) => Math.floor(address / 2 ** shift) % 256).join('.');
}
