/** A parsed Content-Type: `essence` is the lower-case `type/subtype`, `charset` its parameter if any. */
export interface MediaType {
  essence: string;
  charset?: string;
}

/** Parses a Content-Type header value; `undefined` when absent or malformed. */
export function parseMediaType(header: string | undefined): MediaType | undefined {
  if (!header) return undefined;
  const [essence = '', ...parameters] = header.split(';');
  const type = essence.trim().toLowerCase();
  if (!/^[\w.+-]+\/[\w.+-]+$/.test(type)) return undefined;
  const charsetParameter = parameters
    .map((parameter) => parameter.trim())
    .find((parameter) => parameter.toLowerCase().startsWith('charset='));
  const charset = charsetParameter
    ?.slice('charset='.length)
    .trim()
    .replace(/^["']|["']$/g, '');
  return charset ? { essence: type, charset } : { essence: type };
}

/** Media types guessed from a path's extension when the server says nothing useful. */
const typeOfExtension: Record<string, string> = {
  html: 'text/html',
  htm: 'text/html',
  xhtml: 'application/xhtml+xml',
  pdf: 'application/pdf',
  txt: 'text/plain',
  md: 'text/markdown',
  markdown: 'text/markdown',
  json: 'application/json',
};

/** Media type for a file name or URL path by its extension (`report.PDF` → `application/pdf`). */
export function mediaTypeOfPath(path: string): string | undefined {
  const extension = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase();
  return extension === undefined ? undefined : typeOfExtension[extension];
}

function startsWithText(bytes: Uint8Array, prefix: string): boolean {
  let start = 0;
  // Skip a UTF-8 BOM and leading whitespace, as browsers' sniffing does.
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) start = 3;
  while (start < bytes.length && [0x09, 0x0a, 0x0c, 0x0d, 0x20].includes(bytes[start] ?? 0)) start++;
  const head = new TextDecoder('latin1').decode(bytes.subarray(start, start + prefix.length));
  return head.toLowerCase() === prefix;
}

/** Bytes that text never holds: control characters other than tab, line breaks, form feed and escape. */
const isControlByte = (byte: number) => byte < 0x09 || (byte > 0x0d && byte < 0x20 && byte !== 0x1b);
/** Bytes at the start of a body looked at to call it binary. */
const BINARY_SAMPLE_BYTES = 4096;
/** Share of control bytes above which a body is binary (text in a single-byte or UTF-8 encoding has none). */
const BINARY_CONTROL_SHARE = 0.02;
/**
 * Fewest control bytes (NUL included) that make a body binary: a page with a stray NUL or two is
 * broken text the HTML parser repairs, while images, archives and executables hold hundreds in 4 KiB.
 */
const BINARY_MIN_CONTROL_BYTES = 16;

/**
 * Whether a body is binary data rather than text in any encoding: more than a few control bytes
 * (NUL included) in its first 4 KiB. UTF-16 (with its byte order mark) is text.
 */
export function looksBinary(bytes: Uint8Array): boolean {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return false;
  const sample = bytes.subarray(0, BINARY_SAMPLE_BYTES);
  const control = sample.reduce((count, byte) => count + (isControlByte(byte) ? 1 : 0), 0);
  return control >= BINARY_MIN_CONTROL_BYTES && control > sample.length * BINARY_CONTROL_SHARE;
}

/** Media type from the bytes themselves: `%PDF-`, HTML tags, JSON, or text without control bytes. */
export function sniffMediaType(bytes: Uint8Array): string | undefined {
  if (startsWithText(bytes, '%pdf-')) return 'application/pdf';
  for (const tag of ['<!doctype html', '<html', '<head', '<body', '<!--', '<p', '<div', '<title', '<meta']) {
    if (startsWithText(bytes, tag)) return 'text/html';
  }
  if (startsWithText(bytes, '{') || startsWithText(bytes, '[')) return 'application/json';
  const sample = bytes.subarray(0, 1024);
  const binary = sample.some(isControlByte);
  return binary ? undefined : 'text/plain';
}

/**
 * The media type to handle a body as: the header's, unless it is missing or generic
 * (`application/octet-stream`, `binary/octet-stream`): then the path's extension and finally the bytes
 * decide. PDF magic bytes (`%PDF-`) always win.
 */
export function resolveMediaType(options: {
  header: string | undefined;
  bytes: Uint8Array;
  path: string;
}): MediaType {
  const declared = parseMediaType(options.header);
  // Servers and CDNs often label PDFs as HTML or octet-stream; the magic bytes are never wrong.
  if (startsWithText(options.bytes, '%pdf-')) return { essence: 'application/pdf' };
  const generic = !declared || /^(application|binary)\/octet-stream$/.test(declared.essence);
  if (!generic) return declared;
  const essence =
    mediaTypeOfPath(options.path) ?? sniffMediaType(options.bytes) ?? 'application/octet-stream';
  return declared?.charset ? { essence, charset: declared.charset } : { essence };
}
