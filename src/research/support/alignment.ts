import type { Analysis } from './analyse.js';
import { opensSentence } from './names.js';
import { contentStem, isNegation } from './stems.js';
import { isCapitalised } from './tokens.js';

/** Content words on each side of a word that anchor it (`the [first] woman` ~ `the [last] woman`). */
const ANCHOR_WORDS = 2;

/** A word (or number) of a text, with what the alignment of two texts compares. */
export interface AlignedWord {
  folded: string;
  /** Porter stem of a content word; undefined for a function word. A number is its own stem. */
  stem: string | undefined;
  /** Counts the clause breaks (`,` `;` `.` brackets, quotes) before it: anchors never cross one. */
  clause: number;
  capitalised: boolean;
  /** Whether it opens a sentence (first word, or after `.`, `!`, `?`, `:`). */
  initial: boolean;
  /** Index of its token in the analysis. */
  token: number;
}

/** A text read for alignment with another: its words and the stems of its content words. */
export interface AlignedText {
  words: AlignedWord[];
  stems: Set<string>;
  /** Whether any word negates ("not", "never", "n't"…). */
  negated: boolean;
}

/** Reads a text's words for alignment. */
export function alignedText(analysis: Analysis): AlignedText {
  const words: AlignedWord[] = [];
  let clause = 0;
  analysis.tokens.forEach((token, index) => {
    if (token.kind === 'mark') {
      if (/[,;:.!?()[\]"]/.test(token.text)) clause += 1;
      return;
    }
    words.push({
      folded: token.folded,
      stem: token.kind === 'word' ? contentStem(token.folded) : token.text,
      clause,
      capitalised: token.kind === 'word' && isCapitalised(token.text),
      initial: opensSentence(analysis.tokens, index),
      token: index,
    });
  });
  const stems = new Set(words.flatMap((word) => (word.stem ? [word.stem] : [])));
  return { words, stems, negated: words.some((word) => isNegation(word.folded)) };
}

/** Share of the sentence's content stems the quote holds. */
export function overlap(sentence: AlignedText, quote: AlignedText): number {
  if (sentence.stems.size === 0) return 0;
  // Walk the smaller set: comparing a sentence with many quotes stays linear in their length.
  const [small, large] =
    sentence.stems.size <= quote.stems.size ? [sentence.stems, quote.stems] : [quote.stems, sentence.stems];
  let shared = 0;
  for (const stem of small) if (large.has(stem)) shared += 1;
  return shared / sentence.stems.size;
}

/** Content stems within ANCHOR_WORDS on one side of the word at `index`, inside its clause. */
export function anchors(words: readonly AlignedWord[], index: number, direction: -1 | 1): Set<string> {
  const found = new Set<string>();
  const clause = words[index]?.clause;
  for (
    let at = index + direction;
    found.size < ANCHOR_WORDS && at >= 0 && at < words.length;
    at += direction
  ) {
    const word = words[at];
    if (!word || word.clause !== clause) break;
    if (word.stem) found.add(word.stem);
  }
  return found;
}

/** Whether two sets of stems share one. */
export function intersects(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  for (const stem of a) if (b.has(stem)) return true;
  return false;
}
