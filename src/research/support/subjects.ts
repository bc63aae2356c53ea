import type { Analysis } from './analyse.js';
import { type Clause, structureTags } from './clauses.js';
import type { BoundFact, RelationContext, RelationRule } from './relation-rules.js';
import { sameWord } from './relation-rules.js';

/** Most words a subject may have before it is more likely a misreading than a subject. */
const MAX_SUBJECT_WORDS = 5;

/** What a statement is about: the nouns and the names of its subject. */
export interface Subject {
  /** Nouns and names of the subject, folded (names) or as lemmas (nouns). */
  words: string[];
  /** The capitalised words among them, folded. */
  names: string[];
}

/** The subject of a statement, when it names one (a pronoun names none). */
export function subjectOf(text: Analysis, clause: Clause | undefined): Subject | undefined {
  if (!clause?.subject || clause.pronounSubject) return undefined;
  const tags = structureTags(text);
  const words: string[] = [];
  const names: string[] = [];
  const span = clause.subject;
  // A lone word opening a sentence counts as a noun here: "Exports grew" names no one.
  for (const name of text.names.filter((each) => !each.initial)) {
    if (name.start >= span.start && name.end <= span.end) names.push(...name.words);
  }
  for (let at = span.start; at < span.end; at += 1) {
    const token = text.tokens[at];
    const tag = tags[at];
    if (token?.kind !== 'word' || !tag) continue;
    if (names.includes(token.folded)) words.push(token.folded);
    else if (tag.pos === 'NOUN' || tag.pos === 'PROPN') words.push(tag.lemma.toLowerCase());
  }
  return words.length > 0 && words.length <= MAX_SUBJECT_WORDS ? { words, names } : undefined;
}

const shares = (a: readonly string[], b: readonly string[]) =>
  a.some((word) => b.some((other) => sameWord(word, other)));

/** Whether two named subjects name different entities: each has a name word the other lacks ("Marie Curie" / "Pierre Curie"). */
function differentNames(mine: Subject, theirs: Subject): boolean {
  if (mine.names.length === 0 || theirs.names.length === 0) return false;
  const lacks = (a: Subject, b: Subject) =>
    a.names.some((name) => !b.names.some((other) => sameWord(name, other)));
  return lacks(mine, theirs) && lacks(theirs, mine);
}

/**
 * Whether a name the texts write in full holds every word of both subjects: "Smith" and "Marion" are
 * one person where a text writes "Marion Leane Smith" ("Marie Curie" and "Pierre Curie" are not).
 */
function oneFullName(mine: Subject, theirs: Subject, fullNames: readonly (readonly string[])[]): boolean {
  const holds = (full: readonly string[], words: readonly string[]) =>
    words.every((word) => full.some((part) => sameWord(part, word)));
  return fullNames.some((full) => holds(full, mine.words) && holds(full, theirs.words));
}

/**
 * The statement's subject against the subject of the quote's statement holding the same figure or
 * date: a sentence stitched from quotes gives one quote's figure to another quote's subject ("The
 * bridge cost $40 million" from "The bridge opened in 1932" and "The tunnel cost $40 million").
 * Only a subject the quotes name elsewhere, outside that statement, counts: another word for the same
 * thing is no conflict, and a party the quote's statement names (passive for active) is none either.
 */
export const SUBJECT_RULE: RelationRule = {
  name: 'subject',
  conflict: (claim: BoundFact, quote: BoundFact, context: RelationContext) => {
    const mine = subjectOf(claim.text, claim.binding.clause);
    const theirs = subjectOf(quote.text, quote.binding.clause);
    if (!mine || !theirs) return undefined;
    // "The series" for a show the quote names: a common noun may refer to a named thing, as a pronoun does.
    if ((mine.names.length === 0) !== (theirs.names.length === 0)) return undefined;
    const differ = differentNames(mine, theirs) || !shares(mine.words, theirs.words);
    if (!differ || oneFullName(mine, theirs, context.fullNames)) return undefined;
    // The sentence names the quote's subject too: a relation between the two, the roles check's business.
    const sentenceWords = new Set(claim.text.tokens.map((token) => token.folded));
    const others = theirs.words.filter((word) => !mine.words.includes(word));
    if (others.some((word) => sentenceWords.has(word) || sentenceWords.has(`${word}s`))) return undefined;
    const named = (word: string) => context.quoteWords.has(word) || context.quoteWords.has(`${word}s`);
    if (!mine.words.some(named)) return undefined;
    // Named in the quote's own statement ("the minister was interviewed by Anna"), it is a party to it.
    const clause = quote.binding.clause;
    const own = new Set(
      quote.text.tokens.slice(clause?.start ?? 0, clause?.end ?? 0).map((token) => token.folded),
    );
    if (mine.words.every((word) => own.has(word) || own.has(`${word}s`))) return undefined;
    return `the sentence says of ${mine.words.join(' ')} what its quote says of ${theirs.words.join(' ')}`;
  },
};
