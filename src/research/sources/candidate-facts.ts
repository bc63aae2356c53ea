import type { SourceCredibility } from '../../contract/index.js';
import { tokenize as stemmedTerms } from '../../corpus/index.js';
import { type TermBag, termBag, tokenize } from '../text/text-rank.js';
import { scoreCredibility } from './credibility.js';
import { hostOf } from './hosts.js';
import type { PoolEntry } from './pool-entry.js';

/** What reranking reads of a candidate that changes only when its address, title, snippet or date does. */
export interface CandidateFacts {
  /** Lower-cased host, '' when the URL has none. */
  host: string;
  /** The host without `www.`. */
  bareHost: string;
  /** The site's own name in the host (`siteName`). */
  site: string;
  /** Stemmed terms of its title and snippet (see `rerankCandidates`). */
  terms: TermBag;
  /** `scoreCredibility` of its address, title and date. */
  credibility: SourceCredibility;
  /** The address, title, snippet and date they were read from (see `factsFit`). */
  readonly readFrom: Readonly<Pick<PoolEntry, 'url' | 'title' | 'snippet' | 'publishedAt'>>;
}

/**
 * Whether `facts` were read from what `entry` holds now. A ranking asks it of every candidate the
 * pool hands over with its facts: four comparisons on objects of one shape, where looking the
 * entry's own facts up (`candidateFacts`) reads a private property of entries of many shapes.
 */
export function factsFit(facts: CandidateFacts, entry: PoolEntry): boolean {
  const { readFrom } = facts;
  return (
    readFrom.url === entry.url &&
    readFrom.title === entry.title &&
    readFrom.snippet === entry.snippet &&
    readFrom.publishedAt === entry.publishedAt
  );
}

/**
 * Facts per pool entry object. The pool keeps its entries for the whole run and every step reranks
 * all of them, so each is read once; an entry whose snippet or date arrived later is read again.
 * The pool's own entries (`keptEntry`) hold them in a private field, which JSON, spreads, keys and
 * comparisons do not see, and which costs nothing to add (a property defined on each new entry cost
 * a sixth of a search into a pool of 2,000 by a CPU profile). Any other entry holds them under a
 * symbol no one else knows, not enumerable: every step looks up thousands, which a property does at
 * a fraction of a WeakMap's cost, and a WeakMap of thousands of live entries costs every garbage
 * collection. An entry that can take neither (frozen) has its facts in a WeakMap.
 */
class KeptEntry implements PoolEntry {
  readonly url: string;
  readonly title: string;
  readonly snippet: string;
  /** Set only when a date came: a field declared here would be an own key of every entry. */
  declare readonly publishedAt?: string;
  readonly score: number;
  readonly queries: readonly string[];
  readonly providers: readonly string[];
  #facts: CandidateFacts | undefined;

  constructor(fields: PoolEntry) {
    this.url = fields.url;
    this.title = fields.title;
    this.snippet = fields.snippet;
    if (fields.publishedAt) this.publishedAt = fields.publishedAt;
    this.score = fields.score;
    this.queries = fields.queries;
    this.providers = fields.providers;
    this.#facts = undefined;
  }

  static factsOf(entry: PoolEntry): CandidateFacts | undefined {
    return #facts in entry ? (entry as KeptEntry).#facts : undefined;
  }

  /** Keeps the facts when the entry is one of these; false when not. */
  static keep(entry: PoolEntry, facts: CandidateFacts): boolean {
    if (!(#facts in entry)) return false;
    (entry as KeptEntry).#facts = facts;
    return true;
  }
}

/** A pool entry as the pool keeps it, with room for its facts (see `candidateFacts`). */
export function keptEntry(fields: PoolEntry): PoolEntry {
  return new KeptEntry(fields);
}

const FACTS = Symbol('candidate facts');
type Holding = PoolEntry & { [FACTS]?: CandidateFacts };
const frozen = new WeakMap<PoolEntry, CandidateFacts>();

function rememberedOf(entry: PoolEntry): CandidateFacts | undefined {
  return KeptEntry.factsOf(entry) ?? (entry as Holding)[FACTS] ?? frozen.get(entry);
}

function remember(entry: PoolEntry, record: CandidateFacts): void {
  if (KeptEntry.keep(entry, record)) return;
  if (Object.hasOwn(entry, FACTS)) (entry as Holding)[FACTS] = record;
  else if (Object.isExtensible(entry))
    Object.defineProperty(entry, FACTS, { value: record, writable: true, enumerable: false });
  else frozen.set(entry, record);
}

/** The site's own name in a host: `docs.python.org` → python, `bbc.co.uk` → bbc. */
function siteName(host: string): string {
  const labels = host.replace(/^www\./, '').split('.');
  labels.pop();
  if (labels.length > 1 && (labels.at(-1)?.length ?? 0) <= 3) labels.pop();
  return labels.at(-1) ?? host;
}

/** A corpus token that is one word as `tokenize` reads words: two or more letters or digits. */
const WHOLE_WORD = /^[\p{L}\p{N}]{2,}$/u;

/**
 * The stemmed terms BM25 compares: the corpus tokenizer (stop words dropped, Porter stems), as
 * words. Its tokens are lower-case and hold no spaces, so each is read as words on its own (the
 * same as reading them joined); nearly all are one word already and are taken as they are.
 */
export function rerankTerms(text: string): string[] {
  const terms: string[] = [];
  for (const token of stemmedTerms(text)) {
    if (WHOLE_WORD.test(token) && token === token.toLowerCase()) terms.push(token);
    else for (const word of tokenize(token)) terms.push(word);
  }
  return terms;
}

/** The candidate's facts, read when the entry is new or changed since they were read. */
export function candidateFacts(entry: PoolEntry): CandidateFacts {
  const known = rememberedOf(entry);
  if (known && factsFit(known, entry)) return known;
  const host = hostOf(entry.url) ?? '';
  const facts: CandidateFacts = {
    host,
    bareHost: host.replace(/^www\./, ''),
    site: siteName(host),
    terms: termBag(rerankTerms(`${entry.title} ${entry.snippet}`)),
    credibility: scoreCredibility({ url: entry.url, title: entry.title, publishedAt: entry.publishedAt }),
    readFrom: Object.freeze({
      url: entry.url,
      title: entry.title,
      snippet: entry.snippet,
      publishedAt: entry.publishedAt,
    }),
  };
  // Shared by every ranking of the entry from now on: nobody may change it.
  Object.freeze(facts.credibility.reasons);
  Object.freeze(facts.credibility);
  remember(entry, facts);
  return facts;
}
