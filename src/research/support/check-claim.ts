import { type AlignedText, alignedText } from './alignment.js';
import { type Analysis, analyse } from './analyse.js';
import { type Fact, factsOf } from './facts.js';
import { type FigureSlots, figureSlots, substitutedFigure } from './figure-swaps.js';
import { isDateline, isFragment } from './fragments.js';
import { type NameSlots, nameSlots, substitutedName } from './name-swaps.js';
import { capitalisedMidSentence } from './names.js';
import { type Evidence, evidenceOf } from './quote-evidence.js';
import { ALL_RELATION_RULES, findRelationProblems } from './relations.js';
import { datesRelatively } from './relative-time.js';
import { findReversal } from './reversals.js';
import { findSwappedRoles } from './roles.js';
import { DEFAULT_SUPPORT_TUNING, type SupportTuning } from './tuning.js';
import type { SupportCheck, SupportCheckOptions, SupportProblem, SupportProblemKind } from './types.js';

/** A problem list without repeats (same kind, same words). */
class Problems {
  readonly list: SupportProblem[] = [];
  private readonly seen = new Set<string>();

  add(kind: SupportProblemKind, text: string, reason: string, rule?: string): void {
    const key = `${kind}\n${text}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.list.push(rule ? { kind, text, reason, rule } : { kind, text, reason });
  }
}

/** A sentence that cites nothing: unsupported when it states a figure, date or name beyond the question's. */
function checkUncited(facts: readonly Fact[], question: Evidence): SupportCheck {
  const stated = facts.filter((fact) => fact.kind === 'name' || !fact.foundIn(question));
  if (stated.length === 0) return { ok: true, problems: [] };
  const text = stated.map((fact) => fact.text).join(', ');
  return {
    ok: false,
    problems: [{ kind: 'uncited-fact', text, reason: `states ${text} and cites no quote` }],
  };
}

/** What the quotes of one sentence offer: clauses, fragments, datelines, and their alignment with it. */
interface Quotes {
  clauses: Analysis[];
  fragments: Analysis[];
  evidence: Evidence;
  /** The clauses and the datelines: a dateline may back a date or a year. */
  dated: Evidence;
  fragmentEvidence: Evidence;
  relative: boolean;
  sentence: AlignedText;
  aligned: AlignedText[];
  slots: NameSlots;
  /** Built on first use: only a fact the quotes lack and that may be excused needs them. */
  figureSlots: () => FigureSlots;
}

function readQuotes(
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
  const pairs = clauses.map((analysis, index) => ({
    analysis,
    aligned: aligned[index] ?? alignedText(analysis),
  }));
  return {
    clauses,
    fragments,
    evidence: evidenceOf(clauses),
    dated: evidenceOf([...clauses, ...fragments.filter(isDateline)]),
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

/** Whether a quote writes another name, figure or date where the sentence writes this fact. */
function contradicted(fact: Fact, quotes: Quotes): boolean {
  if (fact.name) return substitutedName(quotes.sentence, fact.name, quotes.slots) !== undefined;
  return substitutedFigure(quotes.sentence, fact.start, fact.end, quotes.figureSlots()) !== undefined;
}

/**
 * Whether a fact the quotes lack is nonetheless no problem: context the writer adds rather than
 * what the sentence claims, so long as no quote puts another in its place. `found` counts the
 * sentence's facts the quotes hold, `open` those they lack.
 */
function excused(
  fact: Fact,
  quotes: Quotes,
  counts: { found: number; open: number },
  tuning: SupportTuning,
): boolean {
  const { found, open } = counts;
  // "this month", "last year": such a quote's year is its source's, which the quote cannot show.
  if (fact.kind === 'date' && fact.yearOnly && quotes.relative) return true;
  // A one-word name ("England", "Lincoln") is often context the reader has; a small count in
  // words ("the other two") one the writer counted from the quotes.
  const minor = (fact.name !== undefined && fact.name.words.length < 2) || fact.spelledCount;
  // A sentence whose quotes hold every other fact of it, and several, may add one name or year.
  const partial =
    open === 1 &&
    tuning.partialMinFound > 0 &&
    found >= tuning.partialMinFound &&
    (fact.kind === 'name' || (fact.kind === 'date' && fact.yearOnly));
  return (minor || partial) && !contradicted(fact, quotes);
}

/**
 * The mechanical support check of one sentence against the quotes it cites, before any model
 * judges it: every figure and date of the sentence is in a quote (up to how it is written), the
 * names it introduces are in a quote, it does not reverse a quote, each figure and date is bound in
 * a quote stating it as in the sentence (preposition, dimension, counted noun, event, year, place,
 * subject: `relation`), two parties keep their roles (`roles`), and its quotes are clauses of their
 * source rather than fragments; a figure may instead be the output of a verified computation the
 * sentence cites (`options.computed`). A sentence that cites nothing passes only when it states no
 * figure, date or name beyond the question's own. Work is linear in the length of the texts; the
 * structure of texts over MAX_STRUCTURE_TOKENS is not read.
 */
export function checkClaimAgainstQuotes(
  claim: string,
  quotes: readonly string[],
  options: SupportCheckOptions = {},
): SupportCheck {
  const tuning = { ...DEFAULT_SUPPORT_TUNING, ...options.tuning };
  const asked = options.question ? [analyse(options.question)] : [];
  const earlier = (options.context ?? []).map(analyse);
  const cited = quotes.filter((quote) => quote.trim().length > 0).map(analyse);
  const written = analyse(claim);
  const capitalised = capitalisedMidSentence([written, ...asked, ...earlier, ...cited]);
  // A lone word opening the sentence ("Construction began…") is a name only if a text writes it capitalised elsewhere.
  const sentence = {
    ...written,
    names: written.names.filter((name) => !name.initial || capitalised.has(name.words[0] ?? '')),
  };
  const question = evidenceOf(asked);
  // Names of the question and of the answer's earlier sentences are known: "Arnold" after "Thomas K. Arnold".
  const facts = factsOf(sentence, evidenceOf([...asked, ...earlier]));
  if (cited.length === 0) return checkUncited(facts, question);
  const read = readQuotes(sentence, cited, facts, capitalised);
  const problems = new Problems();
  if (read.clauses.length === 0) {
    for (const fragment of read.fragments) {
      problems.add('short-quote', fragment.text, 'the quote is a fragment, not a clause of its source');
    }
  }
  const computed = evidenceOf((options.computed ?? []).map(analyse));
  const open = facts.filter(
    (fact) =>
      !fact.foundIn(fact.kind === 'date' ? read.dated : read.evidence) &&
      !(fact.kind === 'figure' && fact.foundIn(computed)),
  );
  for (const fact of open) {
    const counts = { found: facts.length - open.length, open: open.length };
    if (excused(fact, read, counts, tuning)) continue;
    if (read.fragments.length > 0 && fact.foundIn(read.fragmentEvidence)) {
      // With no clause at all, the fragments themselves are the problem, named once each above.
      if (read.clauses.length > 0) {
        problems.add(
          'short-quote',
          fact.text,
          `only a fragment of a quote holds ${fact.kind} "${fact.text}"`,
        );
      }
    } else {
      problems.add(fact.kind, fact.text, `the ${fact.kind} "${fact.text}" is in none of the quotes it cites`);
    }
  }
  const quoteWords = new Set(cited.flatMap((quote) => quote.tokens.map((token) => token.folded)));
  const reversal = findReversal(read.sentence, read.aligned, quoteWords);
  if (reversal) problems.add('negation', reversal.text, reversal.reason);
  const rules = ALL_RELATION_RULES.filter((rule) => tuning.relations.includes(rule.name));
  for (const problem of findRelationProblems(sentence, read.clauses, rules)) {
    problems.add('relation', problem.text, problem.reason, problem.rule);
  }
  const swap = tuning.relations.includes('roles') ? findSwappedRoles(sentence, read.clauses) : undefined;
  if (swap) problems.add('roles', swap.text, swap.reason, 'roles');
  return { ok: problems.list.length === 0, problems: problems.list };
}
