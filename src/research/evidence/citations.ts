/** Collapses whitespace and folds typographic quotes, dashes and ellipses to plain ASCII. */
export function normalizeForQuote(text: string): string {
  return normalizeWithOffsets(text).text.trim();
}

/** Folds of single characters; the ellipsis becomes three characters. */
const FOLDS: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201A': "'",
  '\u201B': "'",
  '\u2032': "'",
  '\u201C': '"',
  '\u201D': '"',
  '\u201E': '"',
  '\u201F': '"',
  '\u2033': '"',
  '\u2013': '-',
  '\u2014': '-',
  '\u2212': '-',
  '\u2026': '...',
  '\u00A0': ' ',
};

/** Text folded as `normalizeForQuote` does (untrimmed), with the original offset of each character. */
interface NormalizedText {
  text: string;
  /** `offsets[i]` is the offset in the original text of normalized character `i`. */
  offsets: number[];
}

function normalizeWithOffsets(text: string, lowerCase = false): NormalizedText {
  let normalized = '';
  const offsets: number[] = [];
  let lastWasSpace = false;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index] ?? '';
    const folded = FOLDS[character] ?? character;
    if (/\s/.test(folded)) {
      if (!lastWasSpace) {
        normalized += ' ';
        offsets.push(index);
      }
      lastWasSpace = true;
      continue;
    }
    lastWasSpace = false;
    const piece = lowerCase ? folded.toLowerCase() : folded;
    normalized += piece;
    for (let count = 0; count < piece.length; count += 1) offsets.push(index);
  }
  return { text: normalized, offsets };
}

/** The quote as it is searched for: normalised, without surrounding quote marks or a trailing ellipsis. */
function needleOf(quote: string): string {
  return normalizeForQuote(quote)
    .replace(/^["']+|["']+$/g, '')
    .replace(/(\.\.\.)+$/, '')
    .trim();
}

/** A character range of a text, `end` exclusive. */
export interface TextRange {
  start: number;
  end: number;
}

// Locating quotes normalises the whole page; a read step checks several quotes against the same page.
const normalizedCache = new Map<string, NormalizedText>();
const CACHE_SIZE = 32;

function normalizedOf(text: string, lowerCase: boolean): NormalizedText {
  const key = `${lowerCase ? 'l' : 'c'}${text}`;
  const cached = normalizedCache.get(key);
  if (cached) return cached;
  const made = normalizeWithOffsets(text, lowerCase);
  if (normalizedCache.size >= CACHE_SIZE) {
    const oldest = normalizedCache.keys().next().value;
    if (oldest !== undefined) normalizedCache.delete(oldest);
  }
  normalizedCache.set(key, made);
  return made;
}

function occurrences(haystack: string, needle: string): number[] {
  const found: number[] = [];
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) {
    found.push(at);
    if (found.length >= 50) break;
  }
  return found;
}

/**
 * Where `quote` occurs in `text` after whitespace and quote-mark normalisation (case-sensitive
 * first, then case-insensitive), as a range of the original text. Surrounding quote marks and a
 * trailing ellipsis are ignored. An occurrence inside one of `prefer` wins over earlier ones.
 */
export function locateQuote(
  quote: string,
  text: string,
  prefer: readonly TextRange[] = [],
): TextRange | undefined {
  const needle = needleOf(quote);
  if (needle.length === 0) return undefined;
  for (const lowerCase of [false, true]) {
    const haystack = normalizedOf(text, lowerCase);
    const starts = occurrences(haystack.text, lowerCase ? needle.toLowerCase() : needle);
    if (starts.length === 0) continue;
    const ranges = starts.map((start) => {
      const last = start + (lowerCase ? needle.toLowerCase() : needle).length - 1;
      return { start: haystack.offsets[start] ?? 0, end: (haystack.offsets[last] ?? 0) + 1 };
    });
    const inside = ranges.find((range) =>
      prefer.some((area) => range.start >= area.start && range.end <= area.end),
    );
    return inside ?? ranges[0];
  }
  return undefined;
}

/**
 * Whether `quote` occurs in `text` after whitespace and quote-mark normalisation: case-sensitive
 * first, then case-insensitive. Surrounding quote marks and a trailing ellipsis are ignored.
 */
export function quoteOccursIn(quote: string, text: string): boolean {
  return locateQuote(quote, text) !== undefined;
}
