import type { SubQuestion } from '../../contract/index.js';
import { canonicalUrl } from '../../shared/index.js';
import { POLICY_READS_PER_STEP } from '../constants.js';
import { searchRecency } from '../evaluation/drafts.js';
import { coverageGap, evidenceMark } from '../evidence/coverage.js';
import { rememberedSourcesFor } from '../memory/read-candidates.js';
import type { ChosenAction } from '../prompts/action.js';
import type { RunRecords } from '../run/run-records.js';
import { corpusProgress } from '../sources/corpus-progress.js';
import { planSearch } from '../sources/search-plan.js';
import { normalizeText } from '../text/words.js';
import { branchingStepFor, depthStepFor } from './branching-policy.js';
import {
  noClaims,
  type PolicyClaims,
  type PolicyStep,
  type PolicyTools,
  policyQueries,
  readCandidates,
  readStepOf,
} from './policy-step.js';
import { lineOf, type ResearchLines } from './research-lines.js';

/**
 * Sub-questions the policy works on, in order: open ones a critique added first (their gaps hold
 * the answer back), then the rest of the open ones not covered yet, a synthesis last; with
 * `--depth`, the covered ones after them (for their follow-ups).
 */
export function policyTargets(run: Pick<RunRecords, 'plan' | 'evidence' | 'options'>): SubQuestion[] {
  const open = run.plan.subQuestions.filter((item) => item.status === 'open');
  const uncovered = open.filter((item) => coverageGap(run, item) !== undefined);
  const rank = (item: SubQuestion) => (item.origin === 'critique' ? 0 : item.intent === 'synthesis' ? 2 : 1);
  const covered = run.options.depth > 0 ? open.filter((item) => !uncovered.includes(item)) : [];
  return [...[...uncovered].sort((a, b) => rank(a) - rank(b)), ...covered];
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
 * What the policy decides from: the run's records, the tools it may use, what others hold (nothing
 * when absent), and the sub-questions' lines of research (absent: the linear policy, which never
 * branches).
 */
export interface PolicyInput {
  run: RunRecords;
  tools: PolicyTools;
  claims?: PolicyClaims;
  lines?: ResearchLines;
}

/**
 * The default policy's next action for one sub-question, a pure function of the run's records:
 * read the files of the corpus's top unread hits and search the corpus for it, then read the
 * sources earlier runs found or earlier answers cited for it (nothing while others read them), then
 * research it on the web: search its text and key terms and read the top reranked unread
 * candidates (the read extracts findings), branching when that line yields nothing (see
 * `branchingStepFor`; not with `branch: false`). A covered one gets follow-ups with `--depth`.
 * Undefined when the policy has nothing new for it.
 */
export function policyStepFor(input: PolicyInput, item: SubQuestion): PolicyStep | undefined {
  const { run, tools, lines } = input;
  const claims = input.claims ?? noClaims();
  if (item.status !== 'open') return undefined;
  const line = lines ? lineOf(lines, item, policyQueries(item)) : undefined;
  if (coverageGap(run, item) === undefined)
    return line && tools.web && !tools.corpus ? depthStepFor(run, item, claims, line) : undefined;
  const corpus = tools.corpus ? corpusStepFor(run, item, claims) : undefined;
  if (corpus) return corpus;
  if (!tools.web) return undefined;
  // Its prior sources come first: while another researcher reads them, a search for it is premature.
  if (rememberedSourcesFor(run, item).length > 0) return rememberedReadFor(run, item, claims);
  if (line && run.options.branch) return branchingStepFor(run, item, claims, line);
  return searchFor(run, item) ?? readFor(run, item, claims);
}

/** A read of the best unread candidates its own searches found (the linear policy's read). */
function readFor(run: RunRecords, item: SubQuestion, claims: PolicyClaims): PolicyStep | undefined {
  const urls = readCandidates(run, item, claims, policyQueries(item));
  if (urls.length === 0) return undefined;
  const why = `read the top ${urls.length} unread candidate${urls.length === 1 ? '' : 's'} for ${item.id}`;
  return readStepOf(item, urls, claims, why);
}

/** The policy's next action for the first sub-question (see `policyTargets`) it has one for. */
export function nextPolicyStep(input: PolicyInput): PolicyStep | undefined {
  const claims = input.claims ?? noClaims();
  for (const item of policyTargets(input.run)) {
    if (claims.subQuestions.has(item.id)) continue;
    const step = policyStepFor({ ...input, claims }, item);
    if (step) return step;
  }
  return undefined;
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
  input: PolicyInput,
): PolicyStep | { action: ChosenAction; why: string } | undefined {
  const next = nextPolicyStep(input);
  if (next) return next;
  if (!canWrite(input.run)) return undefined;
  const why = 'every open sub-question is covered or has nothing new to search or read; write the answer';
  return { action: { type: 'ready', reason: why }, why };
}
