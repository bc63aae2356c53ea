import type { SubQuestion } from '../../contract/index.js';
import { tokenize } from '../../corpus/index.js';
import { canonicalUrl } from '../../shared/index.js';
import { type SourceRecord, wasRead } from '../sources/source-record.js';
import type { MemoryRecord } from './memory-record.js';

/** The records prior sources come from and go to: the run's prior claims and its sources. */
interface PriorSourceRecords {
  memory: MemoryRecord;
  sources: SourceRecord;
}

/** The pool's query names of prior sources: found by an earlier run or cited by an earlier answer, not searched. */
export const PRIOR_QUERIES = {
  run: 'remembered by an earlier run',
  turn: 'cited by an earlier answer of the conversation',
} as const;

/**
 * Offers the sources of the prior claims (remembered findings, earlier answers' citations) as read
 * candidates through the pool, so the run's host rules apply: reading one again costs a read
 * instead of a search. Returns how many were new.
 */
export function offerRememberedSources(run: PriorSourceRecords): number {
  let added = 0;
  for (const kind of ['turn', 'run'] as const) {
    const results = run.memory.findings
      .filter((finding) => finding.origin.kind === kind)
      .map((finding) => ({
        url: finding.url,
        title: finding.title,
        snippet: `${finding.origin.kind === 'turn' ? `Earlier answer ${finding.origin.turn} said` : 'Remembered claim'}: ${finding.claim}`,
        ...(finding.publishedAt ? { publishedAt: finding.publishedAt } : {}),
        provider: kind === 'run' ? 'memory' : 'conversation',
      }));
    if (results.length > 0) added += run.sources.pool.add(results, PRIOR_QUERIES[kind]);
  }
  return added;
}

/**
 * Whether a remembered finding is about the sub-question: they share two terms of the corpus
 * tokenizer (stemmed, stop words dropped), or every term of a one-term sub-question.
 */
function isAbout(item: SubQuestion, text: string): boolean {
  const wanted = new Set(tokenize(item.text));
  if (wanted.size === 0) return false;
  const words = new Set(tokenize(text));
  const shared = [...wanted].filter((word) => words.has(word)).length;
  return shared >= Math.min(2, wanted.size);
}

/**
 * Unread sources of prior claims (remembered findings, earlier answers' citations) about `item` that the pool still offers (its host rules
 * let them through), in the order remembered, each once.
 */
export function rememberedSourcesFor(run: PriorSourceRecords, item: SubQuestion): string[] {
  const urls = new Map<string, string>();
  for (const finding of run.memory.findings) {
    const key = canonicalUrl(finding.url);
    if (urls.has(key) || wasRead(run.sources, finding.url) || !run.sources.pool.get(finding.url)) continue;
    if (isAbout(item, `${finding.subQuestion ?? ''} ${finding.claim}`)) urls.set(key, finding.url);
  }
  return [...urls.values()];
}
