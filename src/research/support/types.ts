import type { SupportTuning } from './tuning.js';

/** Kinds of problem the support check finds in a sentence and the quotes it cites. */
export const SUPPORT_PROBLEM_KINDS = [
  /** A number, amount, percentage, ordinal or range of the sentence is in no quote. */
  'figure',
  /** A date or year of the sentence is in no quote (written any way). */
  'date',
  /** A name the sentence introduces (not in the question) is in no quote. */
  'name',
  /** The sentence reverses its quote: negates what it states, or swaps a pair it uses (first/last…). */
  'negation',
  /**
   * A figure or date of the sentence is in a quote, but bound there to something else: another
   * dimension or counted noun, another preposition ("to" / "by"), another event, year or place,
   * another subject (a sentence stitched from quotes about different things).
   */
  'relation',
  /** The sentence swaps the roles its quote gives two names (around a comparative or a verb). */
  'roles',
  /**
   * The quotes hold too few of the sentence's content words (`SupportTuning.minCoverage`): they speak
   * of something else, whatever figure or name they share with it.
   */
  'off-topic',
  /** A quote is a fragment (under five words, or nothing but the figure or name it is cited for). */
  'short-quote',
  /** The sentence states a figure, date or name beyond the question's own and cites nothing. */
  'uncited-fact',
] as const;

/** One kind of support problem. */
export type SupportProblemKind = (typeof SUPPORT_PROBLEM_KINDS)[number];

/** Something the quotes do not hold, or a reason they cannot be evidence. */
export interface SupportProblem {
  kind: SupportProblemKind;
  /** The words concerned, as written in the sentence (or in the quote, for `short-quote`). */
  text: string;
  /** One sentence saying what is wrong, for a verdict or a warning. */
  reason: string;
  /** For `relation` and `roles`: the mechanism that found it (`preposition`, `dimension`, `subject`…). */
  rule?: string;
}

/** The verdict of the mechanical check: `ok` when no problem was found. */
export interface SupportCheck {
  ok: boolean;
  problems: SupportProblem[];
}

/** What the sentence may take for granted. */
export interface SupportCheckOptions {
  /**
   * The question (or any context the reader already has, such as the page title): figures, dates
   * and names it holds are not introduced by the sentence and need no quote.
   */
  question?: string;
  /**
   * The answer's sentences before this one: a name they hold is known to the reader, so a surname
   * alone ("Arnold" after "Thomas K. Arnold") is not a name the sentence introduces. Their figures
   * and dates are not: each sentence needs its own quotes for those.
   */
  context?: readonly string[];
  /**
   * Outputs of computations the sentence cites that were run again and reproduced, and whose
   * inputs' quotes were verified (see `FindingComputation`): a figure one of them holds is
   * supported, though an output is no clause of a source. An output never backs a date or a
   * name, and is not a quote: the sentence still needs its inputs' quotes for everything else.
   */
  computed?: readonly string[];
  /**
   * Choices fitted on data (see `SupportTuning`), for the benchmark that fits them; the shipped
   * defaults otherwise.
   */
  tuning?: Partial<SupportTuning>;
}
