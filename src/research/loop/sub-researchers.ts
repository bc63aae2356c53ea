import { coverageGap } from '../evidence/coverage.js';
import { consecutiveFailures, firstStop, maxSteps, timeBudget } from '../stop-conditions.js';
import { snapshot, stepCap } from './caps.js';
import { nextPolicyStep, policyStepFor } from './default-policy.js';
import { guarded, type Lane, startLane } from './guarded.js';
import { policyTools } from './lead-choice.js';
import type { LoopEnd, LoopOptions } from './loop-options.js';
import { runPolicyStep } from './policy-run.js';
import { type PolicyStep, stepsToFinding } from './policy-step.js';
import { carryTokens, type Supervision, spokenFor, type Worker } from './supervision.js';

/**
 * Whether the budget carries `worker` to a finding: what it holds, topped up from what nobody holds
 * when it spent its hold without one (the supervisor gives budget as it is needed).
 */
function carried(options: LoopOptions, worker: Worker): boolean {
  const missing = carryTokens(options) - worker.hold.remaining();
  if (missing <= 0) return true;
  if (options.budget.unheld() < missing) return false;
  worker.hold.grow(missing);
  return true;
}

/**
 * Whether the caps leave room for one more step of a sub-researcher (all but `except` counted as
 * needing theirs, and `needed` steps more for it): time, steps and failures. Tokens are its hold's.
 */
function capsAllow(options: LoopOptions, supervision: Supervision, needed: number, except?: Worker): boolean {
  if (supervision.ended || options.signal?.aborted) return false;
  const spoken = spokenFor(supervision, except);
  const { limits, run } = options;
  const caps = [
    timeBudget(limits.loopDeadline - run.startedAt),
    maxSteps(stepCap(options) - needed + 1),
    consecutiveFailures(run.options.maxConsecutiveFailures),
  ];
  return firstStop(caps, snapshot(options, { steps: spoken.steps, tokens: 0 })) === undefined;
}

/** Whether `worker` may take another step: time, a step beside the others' needs, its tokens. */
function roomForStep(options: LoopOptions, supervision: Supervision, worker: Worker): boolean {
  return capsAllow(options, supervision, 1, worker) && carried(options, worker);
}

/** What the sub-researcher says its lead when it is done: what it found, in short, never its steps. */
function handBack(options: LoopOptions, worker: Worker, lane: Lane): void {
  const { run } = options;
  const found = run.evidence.findings.forSubQuestion(worker.item.id);
  const covered = coverageGap(run, worker.item) === undefined;
  const claims = found.slice(0, 3).map((finding) => `${finding.id} ${finding.claim.slice(0, 100)}`);
  const text = `Sub-researcher ${worker.item.id} hands back: ${covered ? 'covered' : 'not covered'}, ${found.length} finding${found.length === 1 ? '' : 's'}${claims.length > 0 ? ` (${claims.join('; ')}${found.length > 3 ? '; …' : ''})` : ''}.`;
  options.emit({ type: 'observation', text }, lane);
  options.loop.handBacks.push(text);
}

/**
 * A sub-researcher: works one sub-question step by step with the default policy, each step a step
 * of its own (its number, its id on every event and finding), until the sub-question has its finding,
 * the policy has nothing new for it, or the caps or the budget stop it; then hands back what it
 * found. Returns how a step ended the research, if one did.
 */
async function work(
  options: LoopOptions,
  supervision: Supervision,
  worker: Worker,
  first: PolicyStep,
): Promise<LoopEnd | undefined> {
  const { item } = worker;
  const tools = policyTools(options);
  let step: PolicyStep | undefined = first;
  let last: Lane | undefined;
  try {
    while (step && roomForStep(options, supervision, worker)) {
      const chosen: PolicyStep = step;
      const budget = { hold: worker.hold, waitsForHolds: false, spent: 0 };
      const lane = startLane(options, { subResearcher: item.id, lead: false, budget });
      last = lane;
      const ended = await guarded(options, lane, async (context) => {
        context.emit({
          type: 'thought',
          action: chosen.action.type,
          text: `Sub-researcher ${item.id} ("${item.text.slice(0, 120)}"): ${chosen.why}.`,
        });
        return runPolicyStep(context, options.loop, chosen, lane);
      });
      if (ended) return ended;
      step = policyStepFor(
        { run: options.run, tools, claims: supervision.claims, lines: options.loop.lines },
        item,
      );
      // Once it has its finding it needs no more steps held for it (follow-ups take what is left).
      const covered = coverageGap(options.run, item) === undefined;
      worker.stepsNeeded = step && !covered ? stepsToFinding(step.action) : 0;
    }
    return undefined;
  } finally {
    worker.stepsNeeded = 0;
    if (last) handBack(options, worker, last);
  }
}

/**
 * Starts sub-researchers on the open sub-questions no one holds, in the policy's order, up to
 * `slots` at work, while the run can carry each to its first finding: the steps it needs (a search
 * and a read, or a read) beside those the others still need, and the tokens of an extraction, held
 * for it (see `carryTokens`). Breadth thus adapts to the budget and the step cap.
 */
export function startSubResearchers(options: LoopOptions, supervision: Supervision, slots: number): void {
  const tools = policyTools(options);
  while (supervision.workers.size < slots && !supervision.draining) {
    // What the first step would take, on a copy: nothing is taken unless it starts.
    const { claims } = supervision;
    const trial = { urls: new Set(claims.urls), subQuestions: new Set(claims.subQuestions) };
    if (supervision.leadOwn) trial.subQuestions.add(supervision.leadOwn);
    const step = nextPolicyStep({ run: options.run, tools, claims: trial, lines: options.loop.lines });
    if (!step) return;
    const carry = carryTokens(options);
    if (!capsAllow(options, supervision, stepsToFinding(step.action))) return;
    if (options.budget.unheld() < carry) return;
    for (const url of trial.urls) claims.urls.add(url);
    const worker: Worker = {
      item: step.subQuestion,
      hold: options.budget.hold(carry),
      stepsNeeded: stepsToFinding(step.action),
      done: Promise.resolve(),
    };
    const id = step.subQuestion.id;
    supervision.workers.set(id, worker);
    supervision.claims.subQuestions.add(id);
    worker.done = work(options, supervision, worker, step)
      .then((ended) => {
        if (ended) supervision.ended ??= ended;
      })
      .finally(() => {
        worker.hold.release();
        supervision.claims.subQuestions.delete(id);
        supervision.workers.delete(id);
      });
  }
}
