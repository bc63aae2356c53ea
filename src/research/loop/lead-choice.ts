import { describeError } from '../../errors.js';
import { isLlmError } from '../../llm/index.js';
import { AUTO_PIPELINE_AFTER_FAILURES } from '../constants.js';
import { coverageGap } from '../evidence/coverage.js';
import type { ActionOutput, ChosenAction } from '../prompts/action.js';
import type { StepContext } from '../run/step-context.js';
import { actionTools, chooseAction } from '../steps/choose-action.js';
import { canWrite, nextPolicyStep, type PolicyInput, supervisorStep } from './default-policy.js';
import type { LoopOptions } from './loop-options.js';
import { heldFault, plannerFault } from './planner-review.js';
import { noClaims, type PolicyClaims, type PolicyStep, type PolicyTools } from './policy-step.js';
import { plannedByEngine } from './steering.js';

/** The lead step's action and the sub-question it serves, when it names one. */
export interface LeadChoice {
  output: ActionOutput;
  subQuestionId?: string;
  /** The default policy's step, when the engine chose it (it may branch: see `runPolicyStep`). */
  policy?: PolicyStep;
}

/** The tools the default policy may use in this run. */
export function policyTools(options: Pick<LoopOptions, 'run' | 'capabilities'>): PolicyTools {
  const corpora = options.capabilities.corpora;
  const tools = actionTools({ run: options.run, corpora });
  return { web: tools.web, corpus: tools.corpusIds.length > 0 };
}

/** The engine's own choice, announced as a thought that says why the engine chose. */
function engineChoice(
  context: StepContext,
  step: PolicyStep | { action: ChosenAction; why: string },
  because: string,
): LeadChoice {
  const text = `${because}; the engine's default policy takes the next step: ${step.why}.`;
  context.emit({ type: 'thought', action: step.action.type, text });
  const policy = 'subQuestion' in step ? step : undefined;
  return {
    output: { think: text, action: step.action },
    ...(policy ? { subQuestionId: policy.subQuestion.id, policy } : {}),
  };
}

/** Counts a planner reply the engine could not use; `auto` switches to the pipeline after the second. */
function countPlannerFailure(context: StepContext, options: LoopOptions, fault: string): void {
  const { strategy } = options.loop;
  strategy.plannerFailures += 1;
  if (options.run.options.strategy !== 'auto' || strategy.pipeline) return;
  if (strategy.plannerFailures < AUTO_PIPELINE_AFTER_FAILURES) return;
  strategy.pipeline = true;
  context.emit({
    type: 'warning',
    code: 'strategy_switched',
    message: `The planner failed ${strategy.plannerFailures} times (last: ${fault}); the rest of the run is researched as a pipeline, without asking it for actions (--strategy pipeline).`,
  });
}

/** The pipeline lead's step once the sub-researchers are done: write from what they found. */
const WRITE = {
  action: { type: 'ready', reason: 'The sub-researchers handed back.' } as const,
  why: 'no sub-researcher can go on; write the answer from what they found',
};

/** A copy of what the sub-researchers hold, for the lead's policy to read without taking anything. */
function copyOf(claims: PolicyClaims): PolicyClaims {
  return { urls: new Set(claims.urls), subQuestions: new Set(claims.subQuestions) };
}

/**
 * The lead step's action. The engine says ready itself when the gap-filling steps are used up; in
 * a pipeline (or when the planner kept repeating itself) the default policy chooses; otherwise the
 * planner does, and a reply that is malformed, repeated, refused or ignores an open critique gap
 * (see `plannerFault`), or takes what a sub-researcher holds (`held`, see `heldFault`), is replaced
 * by the default policy's next action for what no sub-researcher holds, with a thought saying why.
 * When the policy has nothing new either, the planner's choice stands (a malformed one fails the step).
 */
export async function leadChoice(
  context: StepContext,
  options: LoopOptions,
  held: PolicyClaims = noClaims(),
): Promise<LeadChoice> {
  const engine = plannedByEngine(context);
  if (engine) return { output: engine };
  const { run } = context;
  const { strategy } = options.loop;
  const tools = policyTools(options);
  if (strategy.pipeline || strategy.forcePolicy) {
    const because = strategy.pipeline ? 'Pipeline' : 'The planner kept repeating itself';
    strategy.forcePolicy = false;
    // The pipeline's lead steps only when no sub-researcher can: it writes when it has something new.
    const write = strategy.pipeline && canWrite(run) ? WRITE : undefined;
    const step = write ??
      supervisorStep({ run, tools, claims: copyOf(held), lines: options.loop.lines }) ?? {
        action: { type: 'ready', reason: 'Nothing new to research.' },
        why: 'nothing new to research; write the answer',
      };
    return engineChoice(context, step, because);
  }
  let output: ActionOutput | undefined;
  let failure: unknown;
  try {
    output = await chooseAction(context);
  } catch (error) {
    if (!isLlmError(error) || error.code !== 'invalid_output') throw error;
    failure = error;
  }
  const fault = output
    ? plannerFault({ run, researchSteps: context.loop.researchSteps }, output.action)
    : `malformed (${describeError(failure).message})`;
  const policy = { run, tools, claims: copyOf(held), lines: options.loop.lines };
  // What the engine refuses without blaming the planner: what a sub-researcher holds, or a ready
  // while the follow-ups `--depth` asks for are still to be researched.
  const taken =
    output && !fault
      ? (heldFault(run, output.action, held) ??
        depthFault({ ...policy, claims: copyOf(held) }, output.action))
      : undefined;
  if (!fault && !taken && output) return { output, ...subQuestionOf(output.action) };
  const step = supervisorStep(policy);
  const same = step?.action.type === 'ready' && output?.action.type === 'ready';
  if (!step || same) {
    if (output && !taken) return { output, ...subQuestionOf(output.action) };
    if (output) return { output: { think: output.think, action: { type: 'ready', reason: taken ?? '' } } };
    throw failure;
  }
  // Taking what a sub-researcher holds is no fault of the planner's: it works in parallel with it.
  if (!taken) countPlannerFailure(context, options, fault ?? 'unusable');
  return engineChoice(context, step, `The planner's reply was ${fault ?? taken}`);
}

/** Why a ready comes too early for `--depth`: the policy's next step follows up a covered sub-question. */
function depthFault(input: PolicyInput, action: ChosenAction): string | undefined {
  if (action.type !== 'ready' || input.run.options.depth === 0) return undefined;
  const next = nextPolicyStep(input);
  if (!next || coverageGap(input.run, next.subQuestion) !== undefined) return undefined;
  return `refused: ready while follow-ups of ${next.subQuestion.id} are pending (--depth ${input.run.options.depth})`;
}

/** The sub-question a search names. */
function subQuestionOf(action: ChosenAction): { subQuestionId?: string } {
  return action.type === 'search' && action.subQuestion ? { subQuestionId: action.subQuestion.trim() } : {};
}
