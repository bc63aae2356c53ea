import { type AlignedText, alignedText } from './alignment.js';
import type { Analysis } from './analyse.js';
import type { Fact } from './facts.js';
import { type FigureSlots, figureSlots } from './figure-swaps.js';
import { isDateline, isFragment } from './fragments.js';
import { type NameSlots, nameSlots } from './name-swaps.js';
import { type Evidence, evidenceOf } from './quote-evidence.js';
import { datesRelatively } from './relative-time.js';

/** What the quotes of one sentence offer: clauses, fragments, datelines, and their alignment with it. */
export interface Quotes {
  clauses: Analysis[];
  fragments: Analysis[];
  evidence: Evidence;
  /** The clauses and the datelines: a dateline may back a date or a year. Built on first use. */
  dated: () => Evidence;
  fragmentEvidence: Evidence;
  relative: boolean;
  sentence: AlignedText;
  aligned: AlignedText[];
  slots: NameSlots;
  /** Built on first use: only a fact the quotes lack and that may be excused needs them. */
  figureSlots: () => FigureSlots;
}

export function readQuotes(
  sentence: Analysis,
  cited: readonly Analysis[],
  facts: readonly Fact[],
  capitalised: ReadonlySet<string>,
): Quotes {
  const factWords = new Set(facts.flatMap((fact) => fact.tokens));
  const clauses = cited.filter((quote) => !isFragment(quote, factWords));
  const fragments = cited.filter((quote) => isFragment(quote, factWords));
  const aligned = clauses.map(alignedText);
  const alignedSentence = alignedText(sentence);
  let built: FigureSlots | undefined;
  let dated: Evidence | undefined;
  const evidence = evidenceOf(clauses);
  const datelines = fragments.filter(isDateline);
  const pairs = clauses.map((analysis, index) => ({
    analysis,
    aligned: aligned[index] ?? alignedText(analysis),
  }));
  return {
    clauses,
    fragments,
    evidence,
    // Without a dateline the clauses' evidence is all there is: no second index of the same quotes.
    dated: () => {
      dated ??= datelines.length === 0 ? evidence : evidenceOf([...clauses, ...datelines]);
      return dated;
    },
    fragmentEvidence: evidenceOf(fragments),
    relative: clauses.some(datesRelatively),
    sentence: alignedSentence,
    aligned,
    slots: nameSlots(alignedSentence, aligned, capitalised),
    figureSlots: () => {
      built ??= figureSlots({ analysis: sentence, aligned: alignedSentence }, pairs);
      return built;
    },
  };
}
