import type { SubQuestion } from '../../contract/index.js';
import type { BranchInput } from '../prompts/branch-queries.js';
import type { RunRecords } from '../run/run-records.js';
import type { StepContext } from '../run/step-context.js';
import type { StepOutcome } from '../run/step-outcome.js';
import { readPages } from '../sources/source-record.js';
import { proposeQueries } from '../steps/propose-queries.js';
import { runAction } from '../steps/registry.js';
import type { Lane } from './guarded.js';
import type { LoopState } from './loop-state.js';
import { type PolicyStep, policyQueries } from './policy-step.js';
import { addBranches, lineOf, noteBranchRead, type ResearchLine } from './research-lines.js';

/** Dead ends and claims a branching call is shown at most. */
const SHOWN = 8;

/** What the branching call is shown of `item`'s line: its queries, the pages that gave nothing, its findings. */
function branchInput(run: RunRecords, item: SubQuestion, line: ResearchLine): BranchInput {
  const tried = line.branches.flatMap((branch) => branch.queries);
  const own = new Set(tried);
  const found = run.evidence.findings.forSubQuestion(item.id);
  const foundOn = new Set(found.map((finding) => finding.source.url));
  const deadEnds = readPages(run.sources)
    .filter((page) => run.sources.pool.get(page.url)?.queries.some((query) => own.has(query)))
    .filter((page) => !foundOn.has(page.url))
    .slice(0, SHOWN)
    .map((page) => ({ title: page.title, url: page.url }));
  return { item, tried, deadEnds, learned: found.slice(0, SHOWN).map((finding) => finding.claim) };
}

/**
 * Runs one step of the default policy: a step that branches first asks the planner for new queries
 * (other formulations, or follow-ups of what was learned) and searches them as new branches of the
 * sub-question's line; a read records what it gained (findings for the sub-question) and cost (its
 * lane's tokens) on the branch it read, which is how branches are scored.
 */
export async function runPolicyStep(
  context: StepContext,
  loop: LoopState,
  step: PolicyStep,
  lane: Lane,
): Promise<StepOutcome> {
  const { run } = context;
  const item = step.subQuestion;
  const line = lineOf(loop.lines, item, policyQueries(item));
  if (step.expand) {
    const queries = await proposeQueries(context, {
      kind: step.expand,
      input: branchInput(run, item, line),
    });
    if (step.expand === 'reformulation') line.reformulations += 1;
    else line.level += 1;
    const added = addBranches(line, queries, step.expand, step.expand === 'follow-up' ? line.level : 0);
    context.emit({
      type: 'observation',
      text: `${item.id} branches: ${added} new ${step.expand === 'follow-up' ? 'follow-up' : 'formulation'}${added === 1 ? '' : 's'}${added > 0 ? ` (${queries.map((query) => `"${query}"`).join(', ')})` : ''}.`,
    });
    if (added === 0) return {};
    return runAction(context, { type: 'search', queries, subQuestion: item.id });
  }
  const before = run.evidence.findings.forSubQuestion(item.id).length;
  const spent = lane.budget.spent;
  const outcome = await runAction(context, step.action);
  if (step.branch && step.action.type === 'read') {
    const findings = run.evidence.findings.forSubQuestion(item.id).length - before;
    noteBranchRead(step.branch, { tokens: lane.budget.spent - spent, findings });
  }
  return outcome;
}
