import { tokenize } from '../text/text-rank.js';
import type { CandidateFacts } from './candidate-facts.js';

/** Questions whose verdicts are kept, the latest used last; a server runs a few at once. */
const KEPT_QUESTIONS = 16;
/** Hosts kept per question before its verdicts start again. */
const KEPT_HOSTS = 50_000;
const verdicts = new Map<string, Map<string, boolean>>();
/**
 * The last verdict on a candidate's facts, kept on them with the question it answers: every step
 * asks it of every candidate with the same question, and a property of facts (all of one shape)
 * is found faster than a host in a map of thousands.
 */
const ASKED = Symbol('question asked');
const NAMED = Symbol('site named');
type Memo = { [ASKED]?: string; [NAMED]?: boolean };

/**
 * Whether `question` names a candidate's site: its host (without `www.`) is in the question's text,
 * or the site's own name (three letters or more) is one of its words. Every step asks it of every
 * candidate of the pool while the question stays the same, so each host's verdict is kept per
 * question rather than searched for in the text again.
 */
export function siteNamer(
  question: string,
): (facts: Pick<CandidateFacts, 'host' | 'bareHost' | 'site'>) => boolean {
  let known = verdicts.get(question);
  if (known) verdicts.delete(question);
  else known = new Map();
  verdicts.set(question, known);
  if (verdicts.size > KEPT_QUESTIONS) verdicts.delete(verdicts.keys().next().value as string);
  const held = known;
  const words = new Set(tokenize(question));
  const text = question.toLowerCase();
  return (facts) => {
    const memo = facts as Memo;
    if (memo[ASKED] === question) return memo[NAMED] === true;
    const { host, bareHost, site } = facts;
    if (!host) return false;
    let named = held.get(host);
    if (named === undefined) {
      named = text.includes(bareHost) || (site.length >= 3 && words.has(site));
      if (held.size >= KEPT_HOSTS) held.clear();
      held.set(host, named);
    }
    if (Object.isExtensible(facts)) {
      memo[ASKED] = question;
      memo[NAMED] = named;
    }
    return named;
  };
}
