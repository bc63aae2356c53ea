import type { Text } from './tree/index.js';

/**
 * What the reader's measures read of one text node, from one look at its characters. Each page is
 * measured several times over overlapping trees (choosing, cleaning, pruning, the second opinion)
 * and a block's length is asked at every level above it; its texts are read once. The text keeps
 * them (`Text.measuresMemo`) with the data they were read from, so a changed text is read afresh.
 */
export interface TextMeasures {
  /** The data measured. */
  data: string;
  /** `data.replace(/\s+/g, ' ').length`. */
  collapsed: number;
  /** Whether `data` starts and ends with white space (`\s`). */
  whiteStart: boolean;
  whiteEnd: boolean;
  /** Commas (Latin and CJK). */
  commas: number;
  /** `normalizeSpace(data).length` (runs of `\s` and U+200B made one space, trimmed). */
  normalized: number;
  /** Whether `data` starts and ends with what `normalizeSpace` collapses. */
  spaceStart: boolean;
  spaceEnd: boolean;
}

/** The measures of a text node, read once while its data stays the same. */
export function measuresOf(text: Text): TextMeasures {
  const known = text.measuresMemo as TextMeasures | undefined;
  if (known !== undefined && known.data === text.data) return known;
  const measures = measure(text.data);
  text.measuresMemo = measures;
  return measures;
}

function measure(data: string): TextMeasures {
  let collapsed = 0;
  let inWhite = false;
  let commas = 0;
  let normalized = 0;
  let started = false;
  let pendingSpace = false;
  for (let index = 0; index < data.length; index++) {
    const code = data.charCodeAt(index);
    // Neither white space nor a comma: most characters of a page.
    if (code > 0x2c && code < 0xa0) {
      collapsed++;
      inWhite = false;
      if (pendingSpace) normalized++;
      pendingSpace = false;
      started = true;
      normalized++;
      continue;
    }
    const white = isWhiteSpaceCode(code);
    if (white) {
      if (!inWhite) collapsed++;
      inWhite = true;
    } else {
      collapsed++;
      inWhite = false;
      if (code === 0x2c || code === 0xff0c || code === 0x3001) commas++;
    }
    if (white || code === 0x200b) {
      pendingSpace = started;
      continue;
    }
    if (pendingSpace) normalized++;
    pendingSpace = false;
    started = true;
    normalized++;
  }
  const first = data.charCodeAt(0);
  const last = data.charCodeAt(data.length - 1);
  return {
    data,
    collapsed,
    whiteStart: data.length > 0 && isWhiteSpaceCode(first),
    whiteEnd: data.length > 0 && isWhiteSpaceCode(last),
    commas,
    normalized,
    spaceStart: data.length > 0 && (first === 0x200b || isWhiteSpaceCode(first)),
    spaceEnd: data.length > 0 && (last === 0x200b || isWhiteSpaceCode(last)),
  };
}

/** Whether a UTF-16 code unit is white space as JavaScript's `\s` (and `String.prototype.trim`) reads it. */
export function isWhiteSpaceCode(code: number): boolean {
  return code <= 0x20
    ? code === 0x20 || (code >= 0x09 && code <= 0x0d)
    : code === 0xa0 ||
        code === 0x1680 ||
        (code >= 0x2000 && code <= 0x200a) ||
        code === 0x2028 ||
        code === 0x2029 ||
        code === 0x202f ||
        code === 0x205f ||
        code === 0x3000 ||
        code === 0xfeff;
}

/**
 * Whether collapsing each run of white space in `text` to one space (`\s`, and U+200B with
 * `zeroWidth`) changes it: whether it holds such space other than single plain spaces. Most texts
 * of prose do not, and are left as they are rather than copied.
 */
export function hasSpaceToCollapse(text: string, zeroWidth: boolean): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code > 0x20 && code < 0xa0) continue;
    if (code !== 0x20) {
      if (isWhiteSpaceCode(code) || (zeroWidth && code === 0x200b)) return true;
    } else if (index + 1 < text.length) {
      const next = text.charCodeAt(index + 1);
      if (isWhiteSpaceCode(next) || (zeroWidth && next === 0x200b)) return true;
    }
  }
  return false;
}
