import type { Analysis } from './analyse.js';
import { bindingsOf, type FactBinding } from './binding.js';
import { MAX_STRUCTURE_TOKENS } from './clauses.js';
import { isStated } from './facts.js';
import type { Figure } from './figures.js';
import { dateMatches, figureMatches } from './match.js';
import { type BoundFact, RELATION_RULES, type RelationContext, type RelationRule } from './relation-rules.js';
import { SUBJECT_RULE } from './subjects.js';

/** Every relational rule, in order: the bindings of a figure or date, then its statement's subject. */
export const ALL_RELATION_RULES: readonly RelationRule[] = [...RELATION_RULES, SUBJECT_RULE];

/** Whether a figure states a value the relational rules bind (identifiers and decades do not). */
const bindsValue = (figure: Figure) => figure.kind !== 'code' && figure.kind !== 'decade';

/**
 * Whether a fact of the sentence is one it states (`isStated`): "for the second time" or "finished
 * first" is no figure the quotes must hold, so no figure whose binding they must share either.
 */
const stated = (binding: Valued) => binding.figure === undefined || isStated(binding.figure);

/** A figure or a date, bound or not yet. */
type Valued = Pick<FactBinding, 'figure' | 'date'>;

/** The figures and dates of a text that state a value (identifiers and decades aside), before binding. */
function valuesOf(text: Analysis): Valued[] {
  return [
    ...text.figures.filter(bindsValue).map((figure) => ({ figure })),
    ...text.dates.map((date) => ({ date })),
  ];
}

/** Whether two bound facts state one value (a year stated alone or in a date counts as that year). */
export function sameValue(a: Valued, b: Valued): boolean {
  if (a.figure && b.figure && a.figure.kind !== 'year' && b.figure.kind !== 'year')
    return figureMatches(a.figure, b.figure);
  if (a.figure?.kind !== 'year' && !a.date) return false;
  if (b.figure?.kind !== 'year' && !b.date) return false;
  const readings = (binding: Valued) =>
    binding.date?.readings ??
    (binding.figure?.kind === 'year' ? binding.figure.values.map((year) => ({ years: [year] })) : []);
  const [mine, theirs] = [readings(a), readings(b)];
  return mine.length > 0 && theirs.length > 0 && dateMatches(mine, theirs);
}

/** A figure or date of the sentence that every quote stating it binds to something else. */
export interface RelationProblem {
  text: string;
  reason: string;
  rule: string;
}

/** What the relational check reads: the sentence, its quotes, the rules, and what the reader knows. */
export interface RelationInput {
  sentence: Analysis;
  quotes: readonly Analysis[];
  /** The rules applied, in order. */
  rules: readonly RelationRule[];
  /** The question and the answer's earlier sentences: a name they write in full is known. */
  known: readonly Analysis[];
}

/** The words of each name of several words the texts write ("Marion Leane Smith"). */
function fullNamesOf(texts: readonly Analysis[]): string[][] {
  return texts.flatMap((text) =>
    text.names.filter((name) => name.words.length > 1).map((name) => name.words),
  );
}

/**
 * The relational check: each figure and date of the sentence that a quote states must be bound
 * there as in the sentence by at least one quote that states it (`rules`: the rules applied).
 * Facts no quote states are the figure and date checks' business, not this one's.
 */
export function findRelationProblems({ sentence, quotes, rules, known }: RelationInput): RelationProblem[] {
  const own = valuesOf(sentence).filter(stated);
  if (rules.length === 0 || own.length === 0 || sentence.tokens.length > MAX_STRUCTURE_TOKENS) return [];
  // Only quotes that state a value of the sentence are parsed: the others bind none of its facts.
  const readable = quotes.filter((quote) => quote.tokens.length <= MAX_STRUCTURE_TOKENS);
  const stating = readable.filter((quote) =>
    valuesOf(quote).some((value) => own.some((mine) => sameValue(mine, value))),
  );
  if (stating.length === 0) return [];
  const quoteFacts: BoundFact[] = stating.flatMap((text) =>
    bindingsOf(text).map((binding) => ({ binding, text })),
  );
  const context: RelationContext = {
    quoteFacts,
    quoteWords: new Set(quotes.flatMap((quote) => quote.tokens.map((token) => token.folded))),
    sameValue,
    fullNames: fullNamesOf([sentence, ...quotes, ...known]),
  };
  const problems: RelationProblem[] = [];
  for (const binding of bindingsOf(sentence).filter(stated)) {
    const claim = { binding, text: sentence };
    const occurrences = quoteFacts.filter((quote) => sameValue(binding, quote.binding));
    if (occurrences.length === 0) continue;
    let first: { reason: string; rule: string } | undefined;
    const bound = occurrences.some((quote) => {
      for (const rule of rules) {
        const reason = rule.conflict(claim, quote, context);
        if (reason) {
          first ??= { reason, rule: rule.name };
          return false;
        }
      }
      return true;
    });
    if (!bound && first) {
      const text = sentence.tokens
        .slice(binding.start, binding.end)
        .map((token) => token.text)
        .join(' ');
      problems.push({ text, ...first });
    }
  }
  return problems;
}
