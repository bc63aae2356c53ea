import type { Reference, SourceCredibility } from '../../contract/index.js';
import { canonicalUrl } from '../../shared/index.js';
import { scoreCredibility } from '../sources/credibility.js';
import { hostOf } from '../sources/hosts.js';
import { pageAt, type SourceRecord } from '../sources/source-record.js';
import { findConflicts } from './conflicts.js';
import type { FindingStore } from './findings.js';

/** What a source's credibility is read from: the pages read, the pool, the findings. */
export interface CredibilityRecords {
  sources: SourceRecord;
  evidence: { readonly findings: FindingStore };
}

/**
 * Agreement and conflict around one source: other hosts with findings on the sub-questions this
 * source's findings answer (that do not conflict with it), and conflicts it is on one side of.
 */
function agreement(records: CredibilityRecords, url: string): { agreeingHosts: number; conflicts: number } {
  const key = canonicalUrl(url);
  const host = hostOf(url);
  const all = records.evidence.findings.all;
  const own = all.filter((finding) => canonicalUrl(finding.source.url) === key);
  const subQuestions = new Set(own.map((finding) => finding.subQuestionId));
  const conflicts = findConflicts(all).filter((conflict) => {
    const sides = conflict.values.map((value) => value.urls.some((item) => canonicalUrl(item) === key));
    return sides.includes(true) && sides.includes(false);
  });
  const opposed = new Set(
    conflicts.flatMap((conflict) =>
      conflict.values
        .filter((value) => !value.urls.some((item) => canonicalUrl(item) === key))
        .flatMap((value) => value.urls.flatMap((item) => hostOf(item) ?? [])),
    ),
  );
  const agreeing = new Set(
    all
      .filter((finding) => subQuestions.has(finding.subQuestionId))
      .flatMap((finding) => hostOf(finding.source.url) ?? [])
      .filter((other) => other !== host && !opposed.has(other)),
  );
  return { agreeingHosts: agreeing.size, conflicts: conflicts.length };
}

/**
 * The credibility of a web source the run found or read (see `scoreCredibility`): its address,
 * the page when it was read, the search result's title and date otherwise, and agreement with the
 * other sources' findings. Undefined for a file of a corpus or an MCP result.
 */
export function sourceCredibility(records: CredibilityRecords, url: string): SourceCredibility | undefined {
  if (!/^https?:/i.test(url)) return undefined;
  const page = pageAt(records.sources, url);
  const entry = records.sources.pool.get(url);
  return scoreCredibility({
    url: page?.finalUrl ?? url,
    title: page?.title ?? entry?.title,
    publishedAt: page?.publishedAt ?? entry?.publishedAt,
    ...(page
      ? {
          page: {
            byline: page.byline,
            publishedAt: page.publishedAt,
            text: page.markdown || page.text,
            links: page.links,
          },
        }
      : {}),
    ...agreement(records, url),
  });
}

/** The references, each web page's with its credibility. */
export function withCredibility(records: CredibilityRecords, references: readonly Reference[]): Reference[] {
  const cache = new Map<string, SourceCredibility | undefined>();
  return references.map((reference) => {
    const key = canonicalUrl(reference.url);
    if (!cache.has(key)) cache.set(key, sourceCredibility(records, reference.url));
    const credibility = cache.get(key);
    return credibility ? { ...reference, credibility } : reference;
  });
}

/** Mean credibility of the web pages among the references (each page once); undefined when none. */
export function meanCredibility(references: readonly Reference[]): number | undefined {
  const scores = new Map<string, number>();
  for (const reference of references)
    if (reference.credibility) scores.set(canonicalUrl(reference.url), reference.credibility.score);
  if (scores.size === 0) return undefined;
  return [...scores.values()].reduce((sum, score) => sum + score, 0) / scores.size;
}
