import type { SubQuestion } from '../../contract/index.js';
import { tokenize } from '../../corpus/index.js';
import { canonicalUrl } from '../../shared/index.js';
import type { RunRecords } from '../run-records.js';
import { wasRead } from '../sources/source-record.js';

/** The pool's query name for remembered sources: they were found by an earlier run, not a search. */
export const MEMORY_QUERY = 'remembered by an earlier run';

/**
 * Offers the sources of the remembered findings as read candidates (through the pool, so the run's
 * host rules apply): reading one again costs a read instead of a search. Returns how many were new.
 */
export function offerRememberedSources(run: RunRecords): number {
  const results = run.memory.findings.map((finding) => ({
    url: finding.url,
    title: finding.title,
    snippet: `Remembered claim: ${finding.claim}`,
    ...(finding.publishedAt ? { publishedAt: finding.publishedAt } : {}),
    provider: 'memory',
  }));
  return results.length > 0 ? run.sources.pool.add(results, MEMORY_QUERY) : 0;
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
 * Unread sources of remembered findings about `item` that the pool still offers (its host rules
 * let them through), in the order remembered, each once.
 */
export function rememberedSourcesFor(run: RunRecords, item: SubQuestion): string[] {
  const urls = new Map<string, string>();
  for (const finding of run.memory.findings) {
    const key = canonicalUrl(finding.url);
    if (urls.has(key) || wasRead(run.sources, finding.url) || !run.sources.pool.get(finding.url)) continue;
    if (isAbout(item, `${finding.subQuestion ?? ''} ${finding.claim}`)) urls.set(key, finding.url);
  }
  return [...urls.values()];
}
