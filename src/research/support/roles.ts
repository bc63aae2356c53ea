import type { Analysis } from './analyse.js';
import { type Clause, clausesOf, MAX_STRUCTURE_TOKENS, structureTags } from './clauses.js';
import { sameWord } from './relation-rules.js';
import { REVERSAL_PAIRS } from './reversal-words.js';
import { isNegation } from './stems.js';
import { subjectOf } from './subjects.js';
import type { Tag } from './tagger.js';
import { isCapitalised } from './tokens.js';

/** Who stands on each side of a comparative or a verb: "A is larger than B", "A defeated B". */
interface Relation {
  /** The comparative's pair group and side ("larger" and "bigger" are one side), or the verb's lemma. */
  key: string;
  /** For a comparative of a reversal pair, the key of its opposite ("smaller" for "larger"). */
  opposite?: string;
  /** The doer, or the one compared: words of a name or nouns. */
  agent: string[];
  /** The one done to, or the one compared with. */
  patient: string[];
  /** The words that relate them, as written. */
  text: string;
  /** Folded words of the statement that states it. */
  words: ReadonlySet<string>;
}

/** Pair group and side of each reversal word, for comparatives. */
const PAIR_KEYS: ReadonlyMap<string, { key: string; opposite: string }> = (() => {
  const keys = new Map<string, { key: string; opposite: string }>();
  REVERSAL_PAIRS.forEach(([first, second], group) => {
    for (const word of first) keys.set(word, { key: `${group}:0`, opposite: `${group}:1` });
    for (const word of second) keys.set(word, { key: `${group}:1`, opposite: `${group}:0` });
  });
  return keys;
})();

/** Tokens after a verb or "than" looked through for who is on that side. */
const ROLE_REACH = 4;

/** The first name or noun within ROLE_REACH tokens after `index`, inside `clause`. */
function roleAfter(
  text: Analysis,
  tags: readonly (Tag | undefined)[],
  index: number,
  clause: Clause,
): string[] {
  for (let at = index + 1; at < Math.min(clause.end, index + 1 + ROLE_REACH); at += 1) {
    // The first party written after it: a name, or a noun ("by a studio in Portland" is the studio).
    const name = text.names.find((each) => each.start === at);
    if (name) return name.words;
    const tag = tags[at];
    if (tag?.pos === 'NOUN' || tag?.pos === 'PROPN') return [tag.lemma.toLowerCase()];
    if (!(tag?.pos === 'DET' || tag?.pos === 'ADJ' || tag?.pos === 'ADP')) break;
  }
  return [];
}

const clauseWords = (text: Analysis, clause: Clause) =>
  new Set(text.tokens.slice(clause.start, clause.end).map((token) => token.folded));

/** The subject's name words, or else its nouns. */
function subjectRole(text: Analysis, clause: Clause): string[] {
  const span = clause.subject;
  if (!span) return [];
  const names = text.names.filter((name) => name.start >= span.start && name.end <= span.end);
  if (names.length > 0) return names.flatMap((name) => name.words);
  return subjectOf(text, clause)?.words ?? [];
}

function comparativeOf(
  text: Analysis,
  tags: readonly (Tag | undefined)[],
  clause: Clause,
  than: number,
): Relation | undefined {
  let at = than - 1;
  while (at > clause.start && tags[at]?.pos === 'NOUN') at -= 1;
  const word = text.tokens[at];
  if (!word || !(tags[at]?.pos === 'ADJ' || tags[at]?.pos === 'ADV')) return undefined;
  const pair = PAIR_KEYS.get(word.folded);
  const agent = subjectRole(text, clause);
  const patient = roleAfter(text, tags, than, clause);
  if (agent.length === 0 || patient.length === 0) return undefined;
  return {
    key: pair?.key ?? `than:${tags[at]?.lemma ?? word.folded}`,
    opposite: pair?.opposite,
    agent,
    patient,
    text: `${word.text} than`,
    words: clauseWords(text, clause),
  };
}

/**
 * Whether a negation stands between the clause's subject and the verb at `index` ("will not
 * support", "never won"): such a clause says the relation does not hold, so it names no party to it.
 */
function negated(text: Analysis, clause: Clause, index: number): boolean {
  for (let at = clause.subject?.end ?? clause.start; at < index; at += 1) {
    if (isNegation(text.tokens[at]?.folded ?? '')) return true;
  }
  return false;
}

function verbRelations(text: Analysis, tags: readonly (Tag | undefined)[], clause: Clause): Relation[] {
  const subject = subjectRole(text, clause);
  if (subject.length === 0) return [];
  const words = clauseWords(text, clause);
  return clause.verbs.flatMap((verb): Relation[] => {
    if (tags[verb.index]?.pos !== 'VERB' || negated(text, clause, verb.index)) return [];
    const written = text.tokens[verb.index]?.text ?? '';
    const key = verb.lemma.toLowerCase();
    if (clause.passive) {
      const by = text.tokens.findIndex(
        (token, index) => index > verb.index && index < clause.end && token.folded === 'by',
      );
      const agent = by === -1 ? [] : roleAfter(text, tags, by, clause);
      return agent.length > 0 ? [{ key, agent, patient: subject, text: written, words }] : [];
    }
    const patient = roleAfter(text, tags, verb.index, clause);
    return patient.length > 0 ? [{ key, agent: subject, patient, text: written, words }] : [];
  });
}

const cache = new WeakMap<Analysis, Relation[]>();

/** The relations between two parties a text states, clause by clause. */
function relationsOf(text: Analysis): Relation[] {
  const known = cache.get(text);
  if (known) return known;
  const tags = structureTags(text);
  const relations = clausesOf(text).flatMap((clause) => {
    const found = verbRelations(text, tags, clause);
    for (let at = clause.start; at < clause.end; at += 1) {
      if (text.tokens[at]?.folded !== 'than') continue;
      const comparative = comparativeOf(text, tags, clause, at);
      if (comparative) found.push(comparative);
    }
    return found;
  });
  cache.set(text, relations);
  return relations;
}

const same = (a: readonly string[], b: readonly string[]) =>
  a.some((word) => b.some((other) => sameWord(word, other)));

/** A swap of roles between a relation of the sentence and one of a quote: the reason, or undefined. */
/** Folded words of the quote, and the words each text writes capitalised. */
interface SwapContext {
  quoteWords: ReadonlySet<string>;
  sentenceCapitals: ReadonlySet<string>;
  quoteCapitals: ReadonlySet<string>;
}

/** Articles before a capitalised word that make it a title, not a name ("the Publisher"). */
const ARTICLES: ReadonlySet<string> = new Set(['the', 'a', 'an']);

/** Folded words a text writes capitalised, not after an article. */
const capitalsOf = (text: Analysis) =>
  new Set(
    text.tokens
      .filter(
        (token, index) =>
          token.kind === 'word' &&
          isCapitalised(token.text) &&
          !ARTICLES.has(text.tokens[index - 1]?.folded ?? ''),
      )
      .map((token) => token.folded),
  );

function swapped(mine: Relation, theirs: Relation, context: SwapContext): string | undefined {
  const { quoteWords } = context;
  // Parties that share a word ("CBS News" streams "news") are not two parties to tell apart.
  if (same(mine.agent, mine.patient) || same(theirs.agent, theirs.patient)) return undefined;
  const opposite = theirs.key === mine.opposite;
  if (theirs.key !== mine.key && !opposite) return undefined;
  // Under the opposite comparative ("smaller" for "larger") the roles trade places: that is the same statement.
  const [agent, patient] = opposite ? [theirs.patient, theirs.agent] : [theirs.agent, theirs.patient];
  // Each party in the other's role, and in that role alone: "A and B joined forces" orders neither.
  const onlyIn = (party: readonly string[], role: readonly string[], other: readonly string[]) =>
    same(party, role) && !same(party, other);
  const swappedParties = onlyIn(mine.agent, patient, agent) && onlyIn(mine.patient, agent, patient);
  // "Jones designed the bridge" against "designed by Smith and built by Jones": another doer, named by
  // the quote in another statement (named in this one, it may be part of the doer: "a grand jury").
  const replaced = !same(mine.agent, agent) && same(mine.patient, patient) && !same(mine.agent, patient);
  const namedElsewhere = mine.agent.every((word) => quoteWords.has(word) && !theirs.words.has(word));
  // "Smith won the award" against "Jones won the award": two names for the doer, the sentence's in no quote.
  const otherName =
    mine.agent.every((word) => !quoteWords.has(word) && context.sentenceCapitals.has(word)) &&
    agent.every((word) => context.quoteCapitals.has(word));
  const agentReplaced = replaced && (namedElsewhere || otherName);
  if (!swappedParties && !agentReplaced) return undefined;
  return `the sentence has ${mine.agent.join(' ')} ${mine.text} ${mine.patient.join(' ')}, its quote has ${theirs.agent.join(' ')} ${theirs.text} ${theirs.patient.join(' ')}`;
}

/**
 * Roles the sentence swaps: two parties on the two sides of a comparative ("Lyon is larger than
 * Marseille") or of a verb, active or passive ("Germany defeated Brazil" / "Brazil was defeated by
 * Germany"), that a quote stating the same relation puts the other way round. Only quotes naming
 * both parties are read.
 */
export function findSwappedRoles(
  sentence: Analysis,
  quotes: readonly Analysis[],
): { text: string; reason: string } | undefined {
  if (sentence.tokens.length > MAX_STRUCTURE_TOKENS) return undefined;
  const mine = relationsOf(sentence);
  if (mine.length === 0) return undefined;
  const words = new Set(mine.flatMap((relation) => [...relation.agent, ...relation.patient]));
  const sentenceCapitals = capitalsOf(sentence);
  for (const quote of quotes) {
    if (quote.tokens.length > MAX_STRUCTURE_TOKENS) continue;
    const folded = new Set(quote.tokens.map((token) => token.folded));
    const lower = quote.text.toLowerCase();
    // Only a quote naming a party and stating the relation (its verb, or a "than") is parsed.
    const party = [...words].some((word) => lower.includes(word));
    const relates = mine.some((relation) =>
      relation.text.endsWith(' than')
        ? lower.includes(' than ')
        : lower.includes(relation.key.slice(0, 4)) || lower.includes(relation.text.toLowerCase()),
    );
    if (!party || !relates) continue;
    for (const relation of mine) {
      for (const theirs of relationsOf(quote)) {
        const reason = swapped(relation, theirs, {
          quoteWords: folded,
          sentenceCapitals,
          quoteCapitals: capitalsOf(quote),
        });
        if (reason) return { text: relation.text, reason };
      }
    }
  }
  return undefined;
}
