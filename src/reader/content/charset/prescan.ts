export interface PrescanOptions {
  /** Maps a label to an encoding name; a `<meta>` whose label it rejects is skipped. */
  resolve: (label: string) => string | undefined;
  /** Bytes to scan. Default 1024, as the standard says. */
  limit?: number;
}

/**
 * The HTML standard's "prescan a byte stream to determine its encoding": finds `<meta charset>` or
 * `<meta http-equiv="content-type" content="...charset=...">` while skipping comments and other tags'
 * attributes, as browsers do. Returns the resolved encoding of the first valid one, or `undefined`.
 */
export function prescanMetaCharset(bytes: Uint8Array, options: PrescanOptions): string | undefined {
  const text = latin1(bytes.subarray(0, options.limit ?? 1024));
  const scanner = { text, position: 0 };
  while (scanner.position < text.length) {
    const rest = text.slice(scanner.position, scanner.position + 6).toLowerCase();
    if (rest.startsWith('<!--')) {
      const end = text.indexOf('-->', scanner.position + 2);
      if (end === -1) return undefined;
      scanner.position = end + 3;
      continue;
    }
    if (/^<meta[\t\n\f\r /]$/.test(rest)) {
      scanner.position += 6;
      const label = readMeta(scanner);
      const found = label === undefined ? undefined : options.resolve(label);
      if (found) return found;
      continue;
    }
    if (/^<\/?[a-z]/.test(rest)) {
      scanner.position += rest.startsWith('</') ? 2 : 1;
      while (scanner.position < text.length && !isSpaceOrEnd(text[scanner.position] ?? ''))
        scanner.position++;
      while (readAttribute(scanner)) {}
      continue;
    }
    if (rest.startsWith('<!') || rest.startsWith('</') || rest.startsWith('<?')) {
      const end = text.indexOf('>', scanner.position + 2);
      if (end === -1) return undefined;
      scanner.position = end + 1;
      continue;
    }
    scanner.position++;
  }
  return undefined;
}

interface Scanner {
  text: string;
  position: number;
}

function latin1(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return text;
}

const spaces = '\t\n\f\r ';

function isSpaceOrEnd(character: string): boolean {
  return spaces.includes(character) || character === '>';
}

function readMeta(scanner: Scanner): string | undefined {
  const seen = new Set<string>();
  let gotPragma = false;
  let needPragma: boolean | undefined;
  let charset: string | undefined;
  for (let attribute = readAttribute(scanner); attribute; attribute = readAttribute(scanner)) {
    if (seen.has(attribute.name)) continue;
    seen.add(attribute.name);
    if (attribute.name === 'http-equiv' && attribute.value === 'content-type') gotPragma = true;
    else if (attribute.name === 'content' && charset === undefined) {
      const fromContent = charsetFromContent(attribute.value);
      if (fromContent !== undefined) {
        charset = fromContent;
        needPragma = true;
      }
    } else if (attribute.name === 'charset') {
      charset = attribute.value;
      needPragma = false;
    }
  }
  if (needPragma === undefined || (needPragma && !gotPragma) || !charset) return undefined;
  return charset;
}

/** The standard's "get an attribute" step; lower-cases names and values. */
function readAttribute(scanner: Scanner): { name: string; value: string } | undefined {
  const { text } = scanner;
  const at = () => text[scanner.position] ?? '';
  while (spaces.includes(at()) || at() === '/') {
    if (scanner.position >= text.length) return undefined;
    scanner.position++;
  }
  if (at() === '>' || scanner.position >= text.length) return undefined;
  let name = '';
  let value = '';
  for (;;) {
    if (scanner.position >= text.length) return undefined;
    const character = at();
    if (character === '=' && name !== '') {
      scanner.position++;
      break;
    }
    if (spaces.includes(character)) {
      while (scanner.position < text.length && spaces.includes(at())) scanner.position++;
      if (at() !== '=') return { name, value };
      scanner.position++;
      break;
    }
    if (character === '/' || character === '>') return { name, value };
    name += character.toLowerCase();
    scanner.position++;
  }
  while (scanner.position < text.length && spaces.includes(at())) scanner.position++;
  const quote = at();
  if (quote === '"' || quote === "'") {
    for (;;) {
      scanner.position++;
      if (scanner.position >= text.length) return undefined;
      if (at() === quote) {
        scanner.position++;
        return { name, value };
      }
      value += at().toLowerCase();
    }
  }
  if (quote === '>') return { name, value };
  while (scanner.position < text.length) {
    const character = at();
    if (spaces.includes(character) || character === '>') return { name, value };
    value += character.toLowerCase();
    scanner.position++;
  }
  return undefined;
}

/** The standard's "extract a character encoding from a meta element" from a `content` value. */
export function charsetFromContent(content: string): string | undefined {
  let position = 0;
  const lower = content.toLowerCase();
  for (;;) {
    const found = lower.indexOf('charset', position);
    if (found === -1) return undefined;
    position = found + 7;
    while (spaces.includes(lower[position] ?? '_')) position++;
    if (lower[position] !== '=') continue;
    position++;
    while (spaces.includes(lower[position] ?? '_')) position++;
    const first = lower[position];
    if (first === undefined) return undefined;
    if (first === '"' || first === "'") {
      const end = lower.indexOf(first, position + 1);
      return end === -1 ? undefined : lower.slice(position + 1, end);
    }
    const match = /^[^\t\n\f\r ;]+/.exec(lower.slice(position));
    return match?.[0];
  }
}
