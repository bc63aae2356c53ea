import type { Analysis } from './analyse.js';
import { CLAUSE_OPENERS, COORDINATORS } from './relation-words.js';
import { type Tag, tagsOf } from './tagger.js';

/** A span of tokens, `[start, end)`. */
export interface Span {
  start: number;
  end: number;
}

/** A verb of a clause: where it is and its dictionary form. */
export interface ClauseVerb {
  index: number;
  lemma: string;
}

/**
 * One atomic statement of a text (FActScore's atomic fact, read off the syntax): a clause, or one
 * predicate of several coordinated on one subject ("The tower is 330 m tall | and was completed in
 * 1889" shares "The tower").
 */
export interface Clause extends Span {
  /** Its subject's tokens, its own or the one a coordinated predicate shares; none when unknown. */
  subject?: Span;
  /** Whether the subject is a pronoun ("it", "he"): some entity the clause does not name. */
  pronounSubject: boolean;
  /** Its main verbs (a form of "be" or "have" only when it has no other). */
  verbs: ClauseVerb[];
  /** "was designed by": the subject undergoes what the verb says, and `by` names who does it. */
  passive: boolean;
}

const isVerb = (tag: Tag | undefined) => tag?.pos === 'VERB';
const isAuxiliary = (tag: Tag | undefined) => tag?.pos === 'AUX';
const isNominal = (tag: Tag | undefined) =>
  tag?.pos === 'NOUN' || tag?.pos === 'PROPN' || tag?.pos === 'PRON' || tag?.pos === 'NUM';

/** Marks that end a clause whatever follows them. */
const HARD_BREAKS: ReadonlySet<string> = new Set(['.', ';', '!', '?', ':']);

/** Tokens after a conjunction looked at for a verb before it is taken to join two nouns. */
const PREDICATE_LOOKAHEAD = 4;

/** Whether a conjunction at `index` starts a new predicate: a verb comes before any noun does. */
function startsPredicate(tags: readonly (Tag | undefined)[], index: number, end: number): boolean {
  for (let at = index + 1; at < Math.min(end, index + 1 + PREDICATE_LOOKAHEAD); at += 1) {
    const tag = tags[at];
    if (isVerb(tag) || isAuxiliary(tag)) return true;
    if (isNominal(tag)) return false;
  }
  return false;
}

/** Whether the conjunction or opener at `index` starts a new clause with its own subject and verb. */
function startsClause(tags: readonly (Tag | undefined)[], index: number, end: number): boolean {
  let sawNominal = false;
  for (let at = index + 1; at < end; at += 1) {
    const tag = tags[at];
    if (isNominal(tag)) sawNominal = true;
    else if ((isVerb(tag) || isAuxiliary(tag)) && sawNominal) return true;
    else if (isVerb(tag) || isAuxiliary(tag)) return false;
    if (tag?.pos === 'PUNCT') return false;
  }
  return false;
}

/** Index of the first verb or auxiliary of `[start, end)`, if any. */
function firstVerb(tags: readonly (Tag | undefined)[], start: number, end: number): number | undefined {
  for (let at = start; at < end; at += 1) if (isVerb(tags[at]) || isAuxiliary(tags[at])) return at;
  return undefined;
}

/**
 * The verb that follows the subject: the first verb or auxiliary with a noun or pronoun before it
 * since the last comma ("According to most measurements, the Nile is…": "is", not "According").
 */
function predicateVerb(
  analysis: Analysis,
  tags: readonly (Tag | undefined)[],
  span: Span,
): { verb: number; subjectStart: number } | undefined {
  let stretch = span.start;
  let nominal = false;
  for (let at = span.start; at < span.end; at += 1) {
    if (analysis.tokens[at]?.text === ',') {
      stretch = at + 1;
      nominal = false;
    } else if ((isVerb(tags[at]) || isAuxiliary(tags[at])) && nominal)
      return { verb: at, subjectStart: stretch };
    else if (isNominal(tags[at])) nominal = true;
  }
  return undefined;
}

/**
 * Tags of a text with one repair: in a clause with no verb, a noun between a noun and a figure is
 * its verb ("The tunnel cost $40 million", where the model reads "cost" as a noun).
 */
const repaired = new WeakMap<Analysis, (Tag | undefined)[]>();

export function structureTags(analysis: Analysis): (Tag | undefined)[] {
  const known = repaired.get(analysis);
  if (known) return known;
  const tags = [...tagsOf(analysis)];
  tags.forEach((tag, index) => {
    const next = analysis.tokens[index + 1];
    if (
      tag?.pos === 'NOUN' &&
      (tags[index - 1]?.pos === 'NOUN' || tags[index - 1]?.pos === 'PROPN') &&
      (next?.kind === 'number' || tags[index + 1]?.pos === 'SYM')
    ) {
      let clauseHasVerb = false;
      for (let at = index - 1; at >= 0 && !HARD_BREAKS.has(analysis.tokens[at]?.text ?? ''); at -= 1)
        if (isVerb(tags[at]) || isAuxiliary(tags[at])) clauseHasVerb = true;
      if (!clauseHasVerb) tags[index] = { pos: 'VERB', lemma: analysis.tokens[index]?.folded ?? tag.lemma };
    }
  });
  repaired.set(analysis, tags);
  return tags;
}

function describe(
  analysis: Analysis,
  tags: readonly (Tag | undefined)[],
  span: Span,
  shared?: Clause,
): Clause {
  const predicate = predicateVerb(analysis, tags, span);
  let subject: Span | undefined;
  let pronounSubject = false;
  if (predicate) {
    // The subject runs back from the verb to the clause's start or to a comma ("In 2020, the city had").
    subject = { start: predicate.subjectStart, end: predicate.verb };
    pronounSubject = tags
      .slice(predicate.subjectStart, predicate.verb)
      .every((tag) => !isNominal(tag) || tag?.pos === 'PRON');
  }
  if (!subject && shared) {
    subject = shared.subject;
    pronounSubject = shared.pronounSubject;
  }
  const main: ClauseVerb[] = [];
  const auxiliaries: ClauseVerb[] = [];
  let passive = false;
  const firstMain = tags.findIndex((tag, index) => index >= span.start && index < span.end && isVerb(tag));
  // "was designed by Smith and built by Jones": a predicate sharing a passive subject shares its voice.
  const participle = analysis.tokens[firstMain]?.folded !== tags[firstMain]?.lemma;
  if (
    shared?.passive &&
    firstMain !== -1 &&
    firstVerb(tags, span.start, firstMain) === undefined &&
    participle
  )
    passive = true;
  for (let at = span.start; at < span.end; at += 1) {
    const tag = tags[at];
    if (!tag) continue;
    if (isVerb(tag)) {
      main.push({ index: at, lemma: tag.lemma });
      const written = analysis.tokens[at]?.folded ?? '';
      const previous = tags[at - 1]?.pos === 'ADV' ? tags[at - 2] : tags[at - 1];
      if (isAuxiliary(previous) && previous?.lemma === 'be' && !written.endsWith('ing')) passive = true;
    } else if (isAuxiliary(tag)) auxiliaries.push({ index: at, lemma: tag.lemma });
  }
  return {
    ...span,
    subject,
    pronounSubject,
    verbs: main.length > 0 ? main : auxiliaries,
    passive,
  };
}

const cache = new WeakMap<Analysis, Clause[]>();

/**
 * Most tokens of a text whose structure is read: a quote or sentence is far shorter, and a longer
 * (hostile) text gets no clauses, so its facts are checked without their relations.
 */
export const MAX_STRUCTURE_TOKENS = 600;

/**
 * The atomic statements of a text, in order: its sentences split at `;` and `:`, at a conjunction or
 * clause opener ("and", "but", "while", "which"…) that starts a new subject and verb, and at a
 * conjunction that starts a new predicate of the same subject. Computed once per analysis.
 */
export function clausesOf(analysis: Analysis): Clause[] {
  const known = cache.get(analysis);
  if (known) return known;
  if (analysis.tokens.length > MAX_STRUCTURE_TOKENS) return [];
  const tags = structureTags(analysis);
  const { tokens } = analysis;
  const clauses: Clause[] = [];
  let start = 0;
  let shared: Clause | undefined;
  let hasVerb = false;
  const close = (end: number, continues: boolean) => {
    if (end > start) {
      const clause = describe(analysis, tags, { start, end }, continues ? shared : undefined);
      clauses.push(clause);
      shared = clause;
    }
    start = end;
    hasVerb = false;
  };
  let continues = false;
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index];
    if (!token) continue;
    if (token.kind === 'mark' && HARD_BREAKS.has(token.text)) {
      close(index + 1, continues);
      continues = false;
      continue;
    }
    const verbBefore = hasVerb;
    if (isVerb(tags[index]) || isAuxiliary(tags[index])) hasVerb = true;
    if (token.kind !== 'word' || index === start || !verbBefore) continue;
    if (COORDINATORS.has(token.folded) && startsPredicate(tags, index, tokens.length)) {
      close(index, continues);
      continues = true;
    } else if (
      (COORDINATORS.has(token.folded) || CLAUSE_OPENERS.has(token.folded)) &&
      startsClause(tags, index, tokens.length)
    ) {
      close(index, continues);
      continues = false;
    }
  }
  close(tokens.length, continues);
  cache.set(analysis, clauses);
  return clauses;
}

/** The clause holding token `index`. */
export function clauseAt(clauses: readonly Clause[], index: number): Clause | undefined {
  return clauses.find((clause) => clause.start <= index && index < clause.end);
}
