import { canonicalUrl } from '../../shared/index.js';
import { searchRecency } from '../evaluation/drafts.js';
import { coverageGap, evidenceMark } from '../evidence/coverage.js';
import type { ChosenAction } from '../prompts/action.js';
import type { RunRecords } from '../run/run-records.js';
import { corpusProgress } from '../sources/corpus-progress.js';
import { planSearch } from '../sources/search-plan.js';
import { wasRead } from '../sources/source-record.js';
import { normalizeText } from '../text/words.js';
import { type PolicyClaims, readsOf } from './policy-step.js';

/** What the loop knows besides the records: whether a ready may be a direct answer. */
export interface ReviewInput {
  run: RunRecords;
  /** Steps that searched or read so far. */
  researchSteps: number;
}

/** Critique gaps still uncovered while gap filling is under way. */
function openCritiqueGaps(run: RunRecords): string[] {
  if (!run.critique.active) return [];
  return run.plan.subQuestions
    .filter((item) => item.origin === 'critique' && item.status === 'open')
    .filter((item) => coverageGap(run, item) !== undefined)
    .map((item) => item.id);
}

/** Why a `ready` cannot be taken now, if it cannot. */
function readyFault(input: ReviewInput): string | undefined {
  const { run } = input;
  if (input.researchSteps === 0 && run.plan.trivial && !run.options.noDirectAnswer) return undefined;
  if (run.evidence.findings.all.length === 0) return 'refused: ready without any finding';
  if (run.drafts.evidenceAtLastDraft === evidenceMark(run))
    return 'refused: ready with no new finding since the last answer';
  const gaps = openCritiqueGaps(run);
  if (gaps.length > 0)
    return `ignored the critique's open gap${gaps.length === 1 ? '' : 's'} ${gaps.join(', ')}`;
  return undefined;
}

/**
 * Why the planner's choice cannot be used as it is, or undefined when it can: a `ready` without
 * findings, without new findings since the last answer, or while a critique gap is open; a search
 * of only queries searched before; a read of only pages read; a corpus search made before. The
 * loop replaces such a choice with the default policy's next action (see `default-policy.ts`).
 */
export function plannerFault(input: ReviewInput, action: ChosenAction): string | undefined {
  const { run } = input;
  switch (action.type) {
    case 'ready':
    case 'answer':
      return readyFault(input);
    case 'search':
      return planSearch(run, action, searchRecency(run)).queries.length === 0
        ? 'repeated: no new search query'
        : undefined;
    case 'read':
      return action.urls.every((url) => wasRead(run.sources, url))
        ? 'repeated: every URL was read before'
        : undefined;
    case 'search_corpus': {
      const key = normalizeText(`${action.query}|${action.mode}|${action.pathPrefix?.trim() ?? ''}`);
      return corpusProgress(run.sources).searches.has(key) ? 'repeated: the same corpus search' : undefined;
    }
    default:
      return undefined;
  }
}

/**
 * Why the planner's choice takes what a sub-researcher at work holds, if it does: a search serving
 * a sub-question one researches, or a read (of pages or a file) of only what they read (the lead
 * never works what a sub-researcher holds). A read of some such pages keeps the others only.
 */
export function heldFault(run: RunRecords, action: ChosenAction, claims: PolicyClaims): string | undefined {
  if (action.type === 'search') {
    const served = planSearch(run, action, searchRecency(run)).subQuestion;
    return served && claims.subQuestions.has(served.id)
      ? `taken: sub-researcher ${served.id} researches ${served.id}`
      : undefined;
  }
  if (action.type === 'read') {
    const free = action.urls.filter((url) => !claims.urls.has(canonicalUrl(url)));
    if (free.length === 0) return 'taken: sub-researchers read those pages';
    action.urls = free;
    return undefined;
  }
  return readsOf(action).some((read) => claims.urls.has(read))
    ? 'taken: a sub-researcher reads it'
    : undefined;
}
