import { analyse } from './analyse.js';
import { excused, yearOfHeldDay } from './context-facts.js';
import { heldShare } from './coverage.js';
import { type Fact, factsOf } from './facts.js';
import { capitalisedMidSentence } from './names.js';
import { type Evidence, evidenceOf } from './quote-evidence.js';
import { readQuotes } from './quote-reading.js';
import { ALL_RELATION_RULES, findRelationProblems } from './relations.js';
import { findReversal } from './reversals.js';
import { findSwappedRoles } from './roles.js';
import { DEFAULT_SUPPORT_TUNING } from './tuning.js';
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
  const known = [...asked, ...earlier];
  const knownEvidence = evidenceOf(known);
  // Names of the question and of the answer's earlier sentences are known: "Arnold" after "Thomas K. Arnold".
  const facts = factsOf(sentence, knownEvidence);
  if (cited.length === 0) return checkUncited(facts, question);
  const read = readQuotes(sentence, cited, facts, capitalised);
  const problems = new Problems();
  if (read.clauses.length === 0) {
    for (const fragment of read.fragments) {
      problems.add('short-quote', fragment.text, 'the quote is a fragment, not a clause of its source');
    }
  }
  const computed = evidenceOf((options.computed ?? []).map(analyse));
  const held = new Set(
    facts.filter(
      (fact) =>
        fact.foundIn(fact.kind === 'date' ? read.dated() : read.evidence) ||
        (fact.kind === 'figure' && fact.foundIn(computed)),
    ),
  );
  const open = facts.filter((fact) => !held.has(fact) && !yearOfHeldDay(fact, facts, held));
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
  // Quotes that hold few of the sentence's words speak of something else, whatever facts they share
  // (fragments alone are their own problem, named above).
  const share = heldShare(read.sentence, [read.evidence, read.fragmentEvidence, knownEvidence]);
  if (share < tuning.minCoverage && read.clauses.length > 0) {
    problems.add(
      'off-topic',
      claim,
      `the quotes hold ${Math.round(100 * share)}% of the sentence's content words: they speak of something else`,
    );
  }
  const rules = ALL_RELATION_RULES.filter((rule) => tuning.relations.includes(rule.name));
  for (const problem of findRelationProblems({ sentence, quotes: read.clauses, rules, known })) {
    problems.add('relation', problem.text, problem.reason, problem.rule);
  }
  const swap = tuning.relations.includes('roles') ? findSwappedRoles(sentence, read.clauses) : undefined;
  if (swap) problems.add('roles', swap.text, swap.reason, 'roles');
  return { ok: problems.list.length === 0, problems: problems.list };
}
