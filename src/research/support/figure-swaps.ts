import { type AlignedText, overlap } from './alignment.js';
import type { Analysis } from './analyse.js';
import { MIN_OVERLAP } from './name-swaps.js';
import { emptySlots, entryInPlace, rememberAt, type Slots, wordIndexes, wordRange } from './slots.js';

/** A text's figures and dates, each as its folded tokens joined, with the tokens it spans. */
function itemsOf(analysis: Analysis): { written: string; start: number; end: number }[] {
  return [...analysis.figures, ...analysis.dates].map(({ start, end }) => ({
    written: analysis.tokens
      .slice(start, end)
      .map((token) => token.folded)
      .join(' '),
    start,
    end,
  }));
}

/** Figures and dates of the quotes close to the sentence, by the stems just before and after them. */
export interface FigureSlots extends Slots {
  /** Index in `sentence.words` of each word's token. */
  wordOfToken: Map<number, number>;
}

/**
 * Indexes the figures and dates of the quotes that share at least MIN_OVERLAP of the sentence's
 * content words, except those the sentence writes too.
 */
export function figureSlots(
  sentence: { analysis: Analysis; aligned: AlignedText },
  quotes: readonly { analysis: Analysis; aligned: AlignedText }[],
): FigureSlots {
  const own = new Set(itemsOf(sentence.analysis).map((item) => item.written));
  const slots: FigureSlots = { ...emptySlots(), wordOfToken: wordIndexes(sentence.aligned) };
  for (const quote of quotes) {
    if (overlap(sentence.aligned, quote.aligned) < MIN_OVERLAP) continue;
    const indexes = wordIndexes(quote.aligned);
    for (const item of itemsOf(quote.analysis)) {
      const range = wordRange(indexes, item.start, item.end);
      if (range && !own.has(item.written)) rememberAt(slots, quote.aligned, range[0], range[1], item.written);
    }
  }
  return slots;
}

/**
 * A figure or date of a quote that stands where the sentence writes one of its own, tokens
 * `[start, end)`: the quote shares most of the sentence's words and writes another figure next to
 * the same word, on the same side ("three years to make" / "five years to make"). Returns it, as
 * written in the quote (folded).
 */
export function substitutedFigure(
  sentence: AlignedText,
  start: number,
  end: number,
  slots: FigureSlots,
): string | undefined {
  const range = wordRange(slots.wordOfToken, start, end);
  return range && entryInPlace(sentence, range[0], range[1], slots);
}
