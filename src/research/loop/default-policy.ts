import type { SubQuestion } from '../../contract/index.js';
import { canonicalUrl } from '../../shared/index.js';
import { POLICY_READS_PER_STEP } from '../constants.js';
import { searchRecency } from '../evaluation/drafts.js';
import { coverageGap, evidenceMark, findingHosts, hostsWithFindings } from '../evidence/coverage.js';
import { rememberedSourcesFor } from '../memory/read-candidates.js';
import type { ChosenAction } from '../prompts/action.js';
import type { RunRecords } from '../run/run-records.js';
import { clusterCandidates, pickAcrossClusters } from '../sources/clusters.js';
import { corpusProgress } from '../sources/corpus-progress.js';
import { rerankCandidates } from '../sources/rerank.js';
import { planSearch } from '../sources/search-plan.js';
import { contentWords, normalizeText } from '../text/words.js';

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
}

/** What an action reads, as claims name it: canonical URLs, and `file:path` for a corpus file. */
export function readsOf(action: ChosenAction): string[] {
  if (action.type === 'read') return action.urls.map((url) => canonicalUrl(url));
  if (action.type === 'deep-read') return [canonicalUrl(action.url)];
  if (action.type === 'read_file') return [`file:${action.path}`];
  return [];
}

/** Nothing claimed yet. */
export function noClaims(): PolicyClaims {
  return { urls: new Set(), subQuestions: new Set() };
}

/**
 * Sub-questions the policy works on, in order: open ones a critique added first (their gaps hold
 * the answer back), then the rest of the open ones not covered yet, a synthesis last.
 */
export function policyTargets(run: Pick<RunRecords, 'plan' | 'evidence'>): SubQuestion[] {
  const open = run.plan.subQuestions.filter(
    (item) => item.status === 'open' && coverageGap(run, item) !== undefined,
  );
  const rank = (item: SubQuestion) => (item.origin === 'critique' ? 0 : item.intent === 'synthesis' ? 2 : 1);
  return [...open].sort((a, b) => rank(a) - rank(b));
}

/** The queries the policy searches for a sub-question: its text, then its key terms. */
export function policyQueries(item: SubQuestion): string[] {
  const terms = [...contentWords(item.text)].slice(0, 8).join(' ');
  return terms && normalizeText(terms) !== normalizeText(item.text) ? [item.text, terms] : [item.text];
}

/** A web search of the sub-question's text and key terms, unless both were searched. */
function searchFor(run: RunRecords, item: SubQuestion): PolicyStep | undefined {
  const queries = policyQueries(item);
  const plan = planSearch(run, { queries, subQuestion: item.id }, searchRecency(run));
  if (plan.queries.length === 0) return undefined;
  return {
    subQuestion: item,
    action: { type: 'search', queries, subQuestion: item.id },
    why: `search ${item.id}'s text and key terms`,
  };
}

/**
 * A read of the sources earlier runs found or earlier answers cited for it: a read instead of a
 * search, whose quotes are checked anew. Undefined when others read them already this round.
 */
function rememberedReadFor(run: RunRecords, item: SubQuestion, claims: PolicyClaims): PolicyStep | undefined {
  const urls = rememberedSourcesFor(run, item)
    .filter((url) => !claims.urls.has(canonicalUrl(url)))
    .slice(0, POLICY_READS_PER_STEP);
  if (urls.length === 0) return undefined;
  for (const url of urls) claims.urls.add(canonicalUrl(url));
  return {
    subQuestion: item,
    action: { type: 'read', urls },
    why: `read again ${urls.length === 1 ? 'the source' : `${urls.length} sources`} an earlier run or answer gave for ${item.id}`,
  };
}

/**
 * A read of the best unread candidates its own searches found, reranked for it (the question's
 * intent included) and taken across their topic clusters.
 */
function readFor(run: RunRecords, item: SubQuestion, claims: PolicyClaims): PolicyStep | undefined {
  const own = new Set(policyQueries(item));
  const entries = run.sources.pool
    .ranked()
    .filter((entry) => entry.queries.some((query) => own.has(query)))
    .filter((entry) => !claims.urls.has(canonicalUrl(entry.url)));
  const ranked = rerankCandidates(entries, {
    needs: [{ id: item.id, text: item.text, intent: item.intent, hosts: findingHosts(run, item) }],
    question: run.question,
    citedHosts: hostsWithFindings(run),
    intent: run.plan.intent,
  });
  // The best of each topic first, so one read covers several topics rather than the top of one.
  const clusters = clusterCandidates(ranked, ({ entry }) => `${entry.title} ${entry.snippet}`);
  const urls = pickAcrossClusters(clusters, POLICY_READS_PER_STEP).map((candidate) => candidate.entry.url);
  if (urls.length === 0) return undefined;
  for (const url of urls) claims.urls.add(canonicalUrl(url));
  return {
    subQuestion: item,
    action: { type: 'read', urls },
    why: `read the top ${urls.length} unread candidate${urls.length === 1 ? '' : 's'} for ${item.id}`,
  };
}

/**
 * A read of the best hit whose file is unread, its own search's hits first, then those of any
 * corpus search (the planner's included: hits that were never read); else a corpus search of the
 * sub-question's text.
 */
function corpusStepFor(run: RunRecords, item: SubQuestion, claims: PolicyClaims): PolicyStep | undefined {
  const progress = corpusProgress(run.sources);
  const query = item.text;
  const own = progress.hits.get(normalizeText(query)) ?? [];
  const hit = [...own, ...[...progress.hits.values()].flat()].find(
    (place) => !progress.files.includes(place.path) && !claims.urls.has(`file:${place.path}`),
  );
  if (hit) {
    claims.urls.add(`file:${hit.path}`);
    return {
      subQuestion: item,
      action: { type: 'read_file', path: hit.path, startLine: hit.startLine },
      why: `read ${hit.path}, the best unread search hit`,
    };
  }
  if (progress.searches.has(normalizeText(`${query}|hybrid|`))) return undefined;
  return {
    subQuestion: item,
    action: { type: 'search_corpus', query, mode: 'hybrid' },
    why: `search the corpus for ${item.id}`,
  };
}

/**
 * The default policy's next action for one sub-question, a pure function of the run's records:
 * read the files of the corpus's top unread hits and search the corpus for it, then read the sources
 * earlier runs found or earlier answers cited for it (nothing while others read them), then search the web for its text and key terms and read the top reranked unread candidates those searches found (the read
 * extracts findings). Undefined when it is covered, or when the policy has nothing new for it.
 */
export function policyStepFor(
  run: RunRecords,
  item: SubQuestion,
  tools: PolicyTools,
  claims: PolicyClaims = noClaims(),
): PolicyStep | undefined {
  if (item.status !== 'open' || coverageGap(run, item) === undefined) return undefined;
  const corpus = tools.corpus ? corpusStepFor(run, item, claims) : undefined;
  if (corpus) return corpus;
  if (!tools.web) return undefined;
  // Its prior sources come first: while another researcher reads them, a search for it is premature.
  if (rememberedSourcesFor(run, item).length > 0) return rememberedReadFor(run, item, claims);
  return searchFor(run, item) ?? readFor(run, item, claims);
}

/** The policy's next action for the first sub-question (see `policyTargets`) it has one for. */
export function nextPolicyStep(
  run: RunRecords,
  tools: PolicyTools,
  claims: PolicyClaims = noClaims(),
): PolicyStep | undefined {
  for (const item of policyTargets(run)) {
    if (claims.subQuestions.has(item.id)) continue;
    const step = policyStepFor(run, item, tools, claims);
    if (step) return step;
  }
  return undefined;
}

/**
 * Steps a sub-question still needs to its first finding when the policy's next action for it is
 * `action`: a search and the read of what it finds, or the read alone.
 */
export function stepsToFinding(action: ChosenAction): number {
  return action.type === 'search' || action.type === 'search_corpus' ? 2 : 1;
}

/** Whether the writer has something new to write from: findings, and new ones since the last answer. */
export function canWrite(run: RunRecords): boolean {
  return run.evidence.findings.all.length > 0 && run.drafts.evidenceAtLastDraft !== evidenceMark(run);
}

/**
 * The supervisor's default step: the policy's next action for an open sub-question, or else
 * `ready` when there is something new to write from; undefined when there is nothing new to do.
 */
export function supervisorStep(
  run: RunRecords,
  tools: PolicyTools,
  claims: PolicyClaims = noClaims(),
): { action: ChosenAction; why: string; subQuestion?: SubQuestion } | undefined {
  const next = nextPolicyStep(run, tools, claims);
  if (next) return next;
  if (!canWrite(run)) return undefined;
  const why = 'every open sub-question is covered or has nothing new to search or read; write the answer';
  return { action: { type: 'ready', reason: why }, why };
}
