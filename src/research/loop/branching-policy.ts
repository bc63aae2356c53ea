import type { SubQuestion } from '../../contract/index.js';
import { searchRecency } from '../evaluation/drafts.js';
import type { RunRecords } from '../run/run-records.js';
import { planSearch } from '../sources/search-plan.js';
import { type PolicyClaims, type PolicyStep, readCandidates, readStepOf } from './policy-step.js';
import {
  type Branch,
  byPromise,
  isDeadEnd,
  MAX_REFORMULATIONS,
  type ResearchLine,
} from './research-lines.js';

/** A search of the branch's queries not searched yet, if any are left. */
function searchOf(run: RunRecords, item: SubQuestion, branch: Branch): PolicyStep | undefined {
  const action = { type: 'search' as const, queries: branch.queries, subQuestion: item.id };
  if (planSearch(run, action, searchRecency(run)).queries.length === 0) return undefined;
  const what =
    branch.origin === 'own' ? `${item.id}'s text and key terms` : `"${branch.queries.join('", "')}"`;
  return { subQuestion: item, action, branch, why: `search ${what} (${branch.origin} branch)` };
}

/** A read of the best unread candidates of the most promising branch of `branches` that has any. */
function readOf(
  run: RunRecords,
  item: SubQuestion,
  claims: PolicyClaims,
  branches: readonly Branch[],
): PolicyStep | undefined {
  for (const branch of [...branches].sort(byPromise)) {
    const urls = readCandidates(run, item, claims, branch.queries);
    if (urls.length === 0) continue;
    const state =
      branch.reads === 0
        ? 'untried'
        : isDeadEnd(branch)
          ? 'a dead end, read again for want of another'
          : `${branch.findings} finding${branch.findings === 1 ? '' : 's'} in ${branch.tokens} tokens`;
    const why = `read the top ${urls.length} unread candidate${urls.length === 1 ? '' : 's'} of ${item.id}'s ${branch.origin} branch (${state})`;
    return { ...readStepOf(item, urls, claims, why), branch };
  }
  return undefined;
}

/** Asks the model for new queries for `item` before searching them. */
function expandOf(item: SubQuestion, expand: 'reformulation' | 'follow-up', why: string): PolicyStep {
  return { subQuestion: item, action: { type: 'search', queries: [], subQuestion: item.id }, expand, why };
}

/**
 * The next step of a sub-question's line of research when it branches (the LATS idea): search each
 * branch once; read the candidates of the most promising branch (untried ones first, then by the
 * findings they gained per token), backing off dead ends; when reads brought nothing and every
 * branch is a dead end or has nothing left to read, ask for other formulations (at most
 * `MAX_REFORMULATIONS` times) and search them as new branches; a dead end is read again only when
 * nothing else is left.
 */
export function branchingStepFor(
  run: RunRecords,
  item: SubQuestion,
  claims: PolicyClaims,
  line: ResearchLine,
): PolicyStep | undefined {
  const branches = line.branches.filter((branch) => branch.level === 0);
  for (const branch of branches) {
    const search = searchOf(run, item, branch);
    if (search) return search;
  }
  const alive = readOf(
    run,
    item,
    claims,
    branches.filter((branch) => !isDeadEnd(branch)),
  );
  if (alive) return alive;
  // Only reads that brought nothing call for other formulations; a search that found nothing does not.
  const read = branches.some((branch) => branch.reads > 0);
  if (read && line.reformulations < MAX_REFORMULATIONS)
    return expandOf(
      item,
      'reformulation',
      `the line of research of ${item.id} found nothing to answer it: branch with other formulations`,
    );
  return readOf(run, item, claims, branches);
}

/**
 * The next step of a covered sub-question with levels of follow-ups to go (`--depth`): once the
 * level under way has its finding (the sub-question itself is level 0), ask for follow-up queries
 * from what was learned, and search and read them as the next level's branches, until `depth`.
 */
export function depthStepFor(
  run: RunRecords,
  item: SubQuestion,
  claims: PolicyClaims,
  line: ResearchLine,
): PolicyStep | undefined {
  const current = line.branches.filter((branch) => branch.level === line.level && line.level > 0);
  const learned = line.level === 0 || current.some((branch) => branch.findings > 0);
  if (learned) {
    if (line.level >= run.options.depth) return undefined;
    return expandOf(
      item,
      'follow-up',
      `follow up what level ${line.level} of ${item.id} learned (depth ${line.level + 1} of ${run.options.depth})`,
    );
  }
  for (const branch of current) {
    const search = searchOf(run, item, branch);
    if (search) return search;
  }
  return readOf(
    run,
    item,
    claims,
    current.filter((branch) => !isDeadEnd(branch)),
  );
}
