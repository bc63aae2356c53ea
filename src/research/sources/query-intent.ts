import type { QueryIntent, SourceIntent } from '../../contract/index.js';
import { normalizeText } from '../text/words.js';
import { INTENT_ORDER, INTENT_WORDS } from './intent-words.js';
import { recencyWindow } from './search-window.js';

/** A `site:` filter in a question. */
const SITE_FILTER = /\bsite:([a-z0-9.-]+\.[a-z]{2,})/i;
/** A domain name written in a question (`python.org`, `docs.rs`). */
const DOMAIN = /(?:^|[\s(<"'])((?:[a-z0-9-]+\.)+([a-z]{2,24}))(?=$|[\s/),>"'?!:;]|\.(?:\s|$))/gi;
/** Endings of file and library names that look like domains (`node.js`, `setup.py`): not sites. */
const FILE_ENDINGS = new Set([
  'js',
  'ts',
  'py',
  'rb',
  'rs',
  'go',
  'sh',
  'md',
  'cs',
  'cc',
  'pl',
  'db',
  'mk',
  'so',
  'gz',
  'kt',
  'hs',
  'ml',
  'fs',
  'vb',
  'txt',
  'json',
  'yaml',
  'yml',
  'toml',
  'html',
  'css',
  'cpp',
  'exe',
  'zip',
  'pdf',
  'png',
  'jpg',
]);

/** The site a question names: a `site:` filter, else the first domain name written in it. */
export function namedSite(question: string): string | undefined {
  const filter = SITE_FILTER.exec(question)?.[1];
  if (filter) return filter.toLowerCase().replace(/^www\./, '');
  for (const match of question.matchAll(DOMAIN)) {
    const [domain, ending] = [match[1] ?? '', (match[2] ?? '').toLowerCase()];
    if (!FILE_ENDINGS.has(ending)) return domain.toLowerCase().replace(/^www\./, '');
  }
  return undefined;
}

/** Whether the normalised text holds the phrase as whole words. */
function hasPhrase(text: string, phrase: string): boolean {
  return ` ${text} `.includes(` ${phrase} `);
}

/**
 * What a question wants of its sources, read from its words alone: a named site, then papers,
 * docs, an official statement or opinions (`INTENT_WORDS`), then recent events (the recency window
 * the question asks for). Undefined when the words show none: the planner's reply may say.
 */
export function intentFromQuestion(question: string, now: Date = new Date()): QueryIntent | undefined {
  const site = namedSite(question);
  if (site) return { intent: 'site', site, from: 'question', reason: `names ${site}` };
  const text = normalizeText(question.replace(/[^\p{L}\p{N}\s-]+/gu, ' '));
  for (const intent of INTENT_ORDER) {
    const phrase = INTENT_WORDS[intent]?.find((item) => hasPhrase(text, item));
    if (phrase) return { intent, from: 'question', reason: `says "${phrase}"` };
  }
  const window = recencyWindow({ question, freshnessFailed: false, now });
  if (window)
    return { intent: 'recent', from: 'question', reason: window.reason ?? 'asks for recent events' };
  return undefined;
}

/**
 * The run's intent: the question's words when they show one, else the planner's (`site`, which
 * needs a domain name the words did not give, and anything unknown are `none`).
 */
export function resolveIntent(
  question: string,
  planned: SourceIntent | undefined,
  now: Date = new Date(),
): QueryIntent {
  const read = intentFromQuestion(question, now);
  if (read) return read;
  if (!planned || planned === 'none' || planned === 'site')
    return { intent: 'none', from: 'plan', reason: 'no preference' };
  return { intent: planned, from: 'plan', reason: 'from the plan' };
}
