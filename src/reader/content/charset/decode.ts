import iconv from 'iconv-lite';
import { ReaderError } from '../../errors.js';
import { prescanMetaCharset } from './prescan.js';

/**
 * The WHATWG name of an encoding label (`latin1` → `windows-1252`, `sjis` → `shift_jis`), or
 * `undefined` when neither TextDecoder nor iconv-lite knows it.
 */
export function encodingForLabel(label: string): string | undefined {
  const trimmed = label.trim().toLowerCase();
  if (trimmed === '') return undefined;
  try {
    return new TextDecoder(trimmed).encoding;
  } catch {
    // Not a WHATWG label (or Node lacks ICU for it); iconv-lite knows some more. It ignores
    // punctuation when matching, so only plain label spellings are offered to it.
    return /^[a-z0-9][a-z0-9._:-]*$/.test(trimmed) && iconv.encodingExists(trimmed) ? trimmed : undefined;
  }
}

/** Encoding announced by a byte order mark, and the mark's length. */
export function encodingFromBom(bytes: Uint8Array): { encoding: string; length: number } | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: 'utf-8', length: 3 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', length: 2 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', length: 2 };
  return undefined;
}

/** A `<meta>` label's encoding, adjusted as the standard says (UTF-16 → UTF-8, x-user-defined → 1252). */
function metaEncoding(label: string): string | undefined {
  if (label.trim() === 'x-user-defined') return 'windows-1252';
  const encoding = encodingForLabel(label);
  return encoding === 'utf-16le' || encoding === 'utf-16be' ? 'utf-8' : encoding;
}

/** Bytes searched for a late `<meta charset>` when the first 1024 hold none. */
const LATE_META_SCAN_BYTES = 64 * 1024;

/**
 * The encoding an HTML `<meta>` declares: the standard's prescan of the first 1024 bytes, then (as a
 * browser's parser does when it meets a late `<meta>` and re-decodes) of the first 64 KiB.
 */
export function encodingFromMeta(bytes: Uint8Array): string | undefined {
  return (
    prescanMetaCharset(bytes, { resolve: metaEncoding }) ??
    (bytes.length > 1024
      ? prescanMetaCharset(bytes, { resolve: metaEncoding, limit: LATE_META_SCAN_BYTES })
      : undefined)
  );
}

/** Encodings Node's TextDecoder decodes correctly; every other one goes through iconv-lite. */
const textDecoderEncodings = new Set(['utf-8', 'utf-16le', 'utf-16be']);

export interface DecodeOptions {
  /** `charset` parameter of the Content-Type header, if any. */
  headerCharset?: string;
  /** Whether to look for `<meta charset>` in the first 1024 bytes. */
  html?: boolean;
  /** Used in error messages. */
  url?: string;
}

/** Which encoding the body is in: BOM, then the header's charset, then `<meta>`, then a guess. */
export function detectEncoding(bytes: Uint8Array, options: DecodeOptions = {}): string {
  const bom = encodingFromBom(bytes);
  if (bom) return bom.encoding;
  const declared =
    (options.headerCharset ? encodingForLabel(options.headerCharset) : undefined) ??
    (options.html ? encodingFromMeta(bytes) : undefined);
  // A page saved or served as UTF-8 often keeps its old label (`charset=gb2312`). Text in a legacy
  // encoding almost never forms valid multi-byte UTF-8, so bytes that do are read as UTF-8.
  if (declared && (declared === 'utf-8' || !isMultiByteUtf8(bytes))) return declared;
  // Most unlabelled text today is UTF-8; legacy pages that are not valid UTF-8 are usually Windows-1252.
  return isValidUtf8(bytes) ? 'utf-8' : 'windows-1252';
}

function isValidUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** Valid UTF-8 holding at least one multi-byte character (pure ASCII reads the same in any label). */
function isMultiByteUtf8(bytes: Uint8Array): boolean {
  return bytes.some((byte) => byte >= 0x80) && isValidUtf8(bytes);
}

/** Decodes bytes to text in the detected encoding. */
export function decodeText(bytes: Uint8Array, options: DecodeOptions = {}): string {
  const encoding = detectEncoding(bytes, options);
  const body = bytes.subarray(encodingFromBom(bytes)?.length ?? 0);
  try {
    // Node 20's TextDecoder mis-decodes windows-1252 (it treats it as latin1), so legacy encodings
    // use iconv-lite, whose tables match the WHATWG ones; TextDecoder covers the rest.
    if (!textDecoderEncodings.has(encoding) && iconv.encodingExists(encoding)) {
      return iconv.decode(Buffer.from(body), encoding, { stripBOM: false });
    }
    return new TextDecoder(encoding).decode(body);
  } catch (error) {
    throw new ReaderError({
      code: 'decode_error',
      url: options.url,
      cause: error,
      message: `Cannot decode ${options.url ?? 'the body'}: the "${encoding}" encoding is not supported.`,
    });
  }
}
