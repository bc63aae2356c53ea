import type { SubQuestion } from '../../contract/index.js';
import { canonicalUrl } from '../../shared/index.js';
import { POLICY_READS_PER_STEP } from '../constants.js';
import { findingHosts, hostsWithFindings } from '../evidence/coverage.js';
import type { ChosenAction } from '../prompts/action.js';
import type { BranchKind } from '../prompts/branch-queries.js';
import type { RunRecords } from '../run/run-records.js';
import { clusterCandidates, pickAcrossClusters } from '../sources/clusters.js';
import { rerankCandidates } from '../sources/rerank.js';
import { contentWords, normalizeText } from '../text/words.js';
import type { Branch } from './research-lines.js';

/** The tools the policy may use: the web's, the corpora's, or both. */
export interface PolicyTools {
  web: boolean;
  corpus: boolean;
}

/** What other sub-researchers at work took already: never read or searched twice at once. */
export interface PolicyClaims {
  urls: Set<string>;
  subQuestions: Set<string>;
}

/** The default policy's next action for one sub-question, and why, in a few words for the trace. */
export interface PolicyStep {
  subQuestion: SubQuestion;
  action: ChosenAction;
  why: string;
  /** The branch of the sub-question's line of research this step searches or reads. */
  branch?: Branch;
  /** Ask the model for new queries first (other formulations, or follow-ups), then search them. */
  expand?: BranchKind;
}

/** Nothing claimed yet. */
export function noClaims(): PolicyClaims {
  return { urls: new Set(), subQuestions: new Set() };
}

/** What an action reads, as claims name it: canonical URLs, and `file:path` for a corpus file. */
export function readsOf(action: ChosenAction): string[] {
  if (action.type === 'read') return action.urls.map((url) => canonicalUrl(url));
  if (action.type === 'deep-read') return [canonicalUrl(action.url)];
  if (action.type === 'read_file') return [`file:${action.path}`];
  return [];
}

/**
 * Steps a sub-question still needs to its first finding when the policy's next action for it is
 * `action`: a search and the read of what it finds, or the read alone.
 */
export function stepsToFinding(action: ChosenAction): number {
  return action.type === 'search' || action.type === 'search_corpus' ? 2 : 1;
}

/** The queries the policy searches for a sub-question: its text, then its key terms. */
export function policyQueries(item: SubQuestion): string[] {
  const terms = [...contentWords(item.text)].slice(0, 8).join(' ');
  return terms && normalizeText(terms) !== normalizeText(item.text) ? [item.text, terms] : [item.text];
}

/**
 * The best unread candidates that `queries` found for `item`, reranked for it (the question's intent
 * included) and taken across their topic clusters, so one read covers several topics rather than
 * the top of one; those others read are left out. The URLs it takes are claimed.
 */
export function readCandidates(
  run: RunRecords,
  item: SubQuestion,
  claims: PolicyClaims,
  queries: readonly string[],
): string[] {
  const own = new Set(queries);
  const entries = run.sources.pool
    .ranked()
    .filter((entry) => entry.queries.some((query) => own.has(query)))
    .filter((entry) => !claims.urls.has(canonicalUrl(entry.url)));
  if (entries.length === 0) return [];
  const ranked = rerankCandidates(entries, {
    needs: [{ id: item.id, text: item.text, intent: item.intent, hosts: findingHosts(run, item) }],
    question: run.question,
    citedHosts: hostsWithFindings(run),
    intent: run.plan.intent,
  });
  const clusters = clusterCandidates(ranked, ({ entry }) => `${entry.title} ${entry.snippet}`);
  return pickAcrossClusters(clusters, POLICY_READS_PER_STEP).map((candidate) => candidate.entry.url);
}

/** A read of `urls` for `item`, claimed. */
export function readStepOf(
  item: SubQuestion,
  urls: readonly string[],
  claims: PolicyClaims,
  why: string,
): PolicyStep {
  for (const url of urls) claims.urls.add(canonicalUrl(url));
  return { subQuestion: item, action: { type: 'read', urls: [...urls] }, why };
}
