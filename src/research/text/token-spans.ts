import { tokenize } from './text-rank.js';

/**
 * The words of a text (`tokenize`), each with where it stands, read once for every cut of the
 * text. A word is held as its id in the text's own vocabulary: a page repeats its words, and
 * the indexes that cut the page count ids in typed arrays, with no string kept per word.
 */
export interface TokenSpans {
  readonly text: string;
  /** The text's distinct words, lower-cased, each once, in the order first met: a word's id is its place. */
  readonly vocabulary: readonly string[];
  /** The id of a word (lower-cased), or undefined when the text does not hold it. */
  idOf(term: string): number | undefined;
  /** The id of each word of the text, in order. */
  readonly words: Uint32Array;
  /** Offset in `text` where each word starts (it ends its term's length later). */
  readonly starts: Uint32Array;
  /** Runs of characters other than whitespace (space, tab, line breaks, no-break space): the words a reader counts. */
  readonly whitespaceWords: number;
}

/** Where `tokenSpans` writes a text's words before it knows how many there are. */
let scratch = { words: new Uint32Array(4_096), starts: new Uint32Array(4_096) };

/** Capital sigma: its lower case depends on the letters around it, so a slice may lower it otherwise. */
const CONTEXT_CASED = /\u03A3/;

/** Whether a UTF-16 unit is whitespace as a reader counts words: space, tab to carriage return, no-break space. */
function isSpace(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13) || code === 160;
}

/**
 * The words of `text` with their offsets, or undefined when offsets in its lower case would not
 * be offsets in it (a letter whose lower case is longer, like İ) or a slice could lower a letter
 * otherwise (Σ): callers then tokenize each slice as before.
 */
export function tokenSpans(text: string): TokenSpans | undefined {
  const lower = text.toLowerCase();
  if (lower.length !== text.length || CONTEXT_CASED.test(text)) return undefined;
  // What `WORD` matches, read in one pass with where each word starts: runs of two or more
  // letters or digits (code points), most of them ASCII, which a table answers without the regex.
  // A text of n units holds at most n / 3 + 1 words of two units (each but the last followed by a
  // separator): the words go into scratch arrays of that size, kept between texts (none is read
  // before it is written), and are copied out at the size found.
  const most = Math.floor(lower.length / 3) + 1;
  if (scratch.words.length < most) scratch = { words: new Uint32Array(most), starts: new Uint32Array(most) };
  const { words, starts } = scratch;
  const vocabulary: string[] = [];
  const ids = new Map<string, number>();
  let found = 0;
  let whitespaceWords = 0;
  let spaceBefore = true;
  let start = -1;
  let length = 0;
  const end = lower.length;
  // One loop with no call per character or word (the id lookup written out), so V8 optimises it
  // on the first pages and keeps it optimised: a closure per text made the call target change.
  for (let index = 0; index <= end; ) {
    let kind = OTHER;
    let width = 1;
    if (index < end) {
      const code = lower.charCodeAt(index);
      if (code < 0x80) kind = ASCII_KINDS[code] ?? OTHER;
      else if (code < 0xd800 || code > 0xdbff) kind = kindOf(code);
      else {
        const point = lower.codePointAt(index) ?? code;
        kind = kindOf(point);
        if (point > 0xffff) width = 2;
      }
      if (spaceBefore && kind !== SPACE) whitespaceWords += 1;
      spaceBefore = kind === SPACE;
    }
    if (kind === WORD_POINT) {
      if (start === -1) {
        start = index;
        length = 0;
      }
      length += 1;
    } else {
      if (length >= 2) {
        const term = lower.slice(start, index);
        let id = ids.get(term);
        if (id === undefined) {
          id = vocabulary.length;
          vocabulary.push(term);
          ids.set(term, id);
        }
        words[found] = id;
        starts[found] = start;
        found += 1;
      }
      start = -1;
      length = 0;
    }
    index += width;
  }
  return {
    text,
    vocabulary,
    idOf: (term) => ids.get(term),
    words: words.slice(0, found),
    starts: starts.slice(0, found),
    whitespaceWords,
  };
}

/** What a code point is to the tokenizer: a letter or a digit (`\p{L}` or `\p{N}`), whitespace as a reader counts words, or neither. */
const WORD_POINT = 1;
const SPACE = 2;
const OTHER = 3;
const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u;
/** The kind of each BMP code point, found on first use (0: not yet). */
const kinds = new Uint8Array(0x10000);
/** The kind of each ASCII character, found once. */
const ASCII_KINDS = Uint8Array.from({ length: 0x80 }, (_, code) => kindOf(code));

function kindOf(point: number): number {
  if (point > 0xffff) return LETTER_OR_DIGIT.test(String.fromCodePoint(point)) ? WORD_POINT : OTHER;
  let kind = kinds[point] ?? 0;
  if (kind === 0) {
    // A lone surrogate is no letter, as the regex reads it.
    kind = isSpace(point) ? SPACE : LETTER_OR_DIGIT.test(String.fromCodePoint(point)) ? WORD_POINT : OTHER;
    kinds[point] = kind;
  }
  return kind;
}

/** The lower-cased word at `position`. */
export function termAt(spans: TokenSpans, position: number): string {
  return spans.vocabulary[spans.words[position] ?? 0] ?? '';
}

/** Offset in the text where the word at `position` ends. */
function endOf(spans: TokenSpans, position: number): number {
  return (spans.starts[position] ?? 0) + termAt(spans, position).length;
}

/** Position of the first word ending after `offset`. */
function firstEndingAfter(spans: TokenSpans, offset: number): number {
  let low = 0;
  let high = spans.words.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (endOf(spans, middle) <= offset) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The words a slice of the text holds, as `tokenize` would read that slice: the words wholly
 * inside it are the positions `from` to `to` (not included) of the spans; a word the slice cuts
 * (at either end, or one word holding the whole slice) is read again from its part inside the
 * slice, and those terms are `cut`, in the order they stand.
 */
export interface WordsWithin {
  from: number;
  to: number;
  cut: readonly string[];
  /** The terms in `cut` that come before the whole words (the rest come after). */
  cutBefore: number;
}

const NOTHING_CUT: readonly string[] = [];

/** The words between `slice.start` and `slice.end` (see `WordsWithin`). */
export function wordsWithin(spans: TokenSpans, slice: { start: number; end: number }): WordsWithin {
  const { start, end } = slice;
  const count = spans.words.length;
  let from = firstEndingAfter(spans, start);
  let cut = NOTHING_CUT;
  let cutBefore = 0;
  const readCut = (position: number) => {
    const wordStart = spans.starts[position] ?? 0;
    const part = spans.text.slice(Math.max(start, wordStart), Math.min(end, endOf(spans, position)));
    const terms = tokenize(part);
    if (terms.length > 0) cut = [...cut, ...terms];
  };
  if (from < count && (spans.starts[from] ?? 0) < start && (spans.starts[from] ?? 0) < end) {
    readCut(from);
    cutBefore = cut.length;
    from += 1;
  }
  let to = from;
  while (to < count && endOf(spans, to) <= end) to += 1;
  if (to < count && (spans.starts[to] ?? 0) < end) readCut(to);
  return { from, to, cut, cutBefore };
}

/** The words of the text between `slice.start` and `slice.end`, as `tokenize` would read that slice. */
export function termsBetween(spans: TokenSpans, slice: { start: number; end: number }): string[] {
  const within = wordsWithin(spans, slice);
  const terms = within.cut.slice(0, within.cutBefore);
  for (let position = within.from; position < within.to; position += 1) terms.push(termAt(spans, position));
  for (let position = within.cutBefore; position < within.cut.length; position += 1)
    terms.push(within.cut[position] ?? '');
  return terms;
}

/**
 * Spans of the pages read last, by the object holding the text: a page is indexed by the knowledge
 * and cut for the extractor in the step that reads it, so its words are read once for both. Only
 * the last `REMEMBERED_PAGES` are kept (a step's reads, its sub-researchers' included).
 */
const remembered = new Map<object, { text: string; spans: TokenSpans | undefined }>();
const REMEMBERED_PAGES = 32;

/** The spans of `holder`'s `text`, read on first use (see `tokenSpans`). */
export function tokenSpansOf(holder: { readonly text: string }): TokenSpans | undefined {
  const known = remembered.get(holder);
  if (known && known.text === holder.text) {
    // The newest last: the oldest is the first to go.
    remembered.delete(holder);
    remembered.set(holder, known);
    return known.spans;
  }
  const spans = tokenSpans(holder.text);
  remembered.delete(holder);
  remembered.set(holder, { text: holder.text, spans });
  if (remembered.size > REMEMBERED_PAGES) remembered.delete(remembered.keys().next().value as object);
  return spans;
}
