import { ComputeError, type ComputeOutput } from '../../compute/index.js';
import type { Finding } from '../../contract/index.js';
import { MAX_COMPUTE_INPUTS } from '../constants.js';
import { resolveSubQuestion } from '../evidence/accept-findings.js';
import {
  type ComputationInput,
  computationInputs,
  scaledInputs,
  shiftedInputs,
  stretchedInputs,
  swappedInputs,
} from '../evidence/computation-inputs.js';
import { programProblem, SCALE_FACTOR } from '../evidence/program-checks.js';
import type { ComputeAction } from '../prompts/compute-action.js';
import type { StepContext } from '../run/step-context.js';
import type { StepOutcome } from '../run/step-outcome.js';
import { runToolCall } from '../run/tool-call.js';
import { inlineWebText } from '../text/untrusted.js';

/** The quote of a computed finding: the program, then its output. */
export function computationQuote(program: string, output: string): string {
  return `${program.trim()}\n⇒ ${output}`;
}

/** The findings the action names, each once, or the ids that are not findings of the run. */
function inputFindings(
  context: StepContext,
  ids: readonly string[],
): { found: Finding[]; unknown: string[] } {
  const found = new Map<string, Finding>();
  const unknown: string[] = [];
  for (const id of ids) {
    const finding = context.run.evidence.findings.get(id);
    if (finding) found.set(finding.id, finding);
    else unknown.push(inlineWebText(id, 20));
  }
  return { found: [...found.values()], unknown };
}

/** The changed sets of a program's inputs it also runs on, in the order `alsoOn` gives them. */
interface ChangedSets {
  shifted: Record<string, ComputationInput>;
  scaled: Record<string, ComputationInput>;
  swapped: Record<string, ComputationInput> | undefined;
  stretched: Record<string, ComputationInput> | undefined;
}

/**
 * Each finding's numbers shifted differently, every number times `SCALE_FACTOR`, two inputs
 * swapped, the change between two inputs doubled.
 */
function changedSets(inputs: Record<string, ComputationInput>): ChangedSets {
  return {
    shifted: shiftedInputs(inputs),
    scaled: scaledInputs(inputs, SCALE_FACTOR),
    swapped: swappedInputs(inputs),
    stretched: stretchedInputs(inputs),
  };
}

/**
 * Fails a program's output with the first problem of `PROGRAM_CHECKS` over its runs: an output
 * that does not change with its inputs, one that is not what the operation its purpose names gives
 * (recomputed by the engine), or one that does not move as that operation does. A program that
 * fails on a changed set did read it.
 */
function checkProgram(options: {
  purpose: string;
  inputs: Record<string, ComputationInput>;
  sets: ChangedSets;
  result: ComputeOutput;
}): void {
  const { sets, result } = options;
  const [shiftedOutput, scaledOutput, ...others] = result.alsoOutputs ?? [];
  const swappedOutput = sets.swapped ? others.shift() : undefined;
  const stretchedOutput = sets.stretched ? others.shift() : undefined;
  const problem = programProblem({
    purpose: options.purpose,
    real: { inputs: options.inputs, output: result.output },
    shifted: { inputs: sets.shifted, output: shiftedOutput },
    scaled: { inputs: sets.scaled, output: scaledOutput },
    ...(sets.swapped ? { swapped: { inputs: sets.swapped, output: swappedOutput } } : {}),
    ...(sets.stretched ? { stretched: { inputs: sets.stretched, output: stretchedOutput } } : {}),
  });
  if (problem) throw new ComputeError(problem.code, problem.message);
}

function failed(context: StepContext, note: string): StepOutcome {
  context.emit({ type: 'observation', text: note });
  return { failed: true, note };
}

/**
 * Runs the planner's program in the sandbox over the figures of the findings it names (given as
 * data, see `computationInputs`) and keeps the output as a finding whose quote is the program and
 * its output and whose sources are those findings. Every bad program (a loop, a memory bomb, deep
 * recursion, a huge output, reaching for `process` or `fetch`, a syntax error) is a failed step
 * whose note says what to change; the same program on the same inputs is a repeated step.
 */
export async function computeStep(context: StepContext, action: ComputeAction): Promise<StepOutcome> {
  const { run } = context;
  if (!context.compute)
    return failed(context, 'compute is off in this run (--no-compute); choose another action.');
  const { found, unknown } = inputFindings(context, action.inputs);
  if (unknown.length > 0 || found.length === 0) {
    const known = run.evidence.findings.all.map((finding) => finding.id).slice(-20);
    return failed(
      context,
      `compute: ${unknown.length > 0 ? `${unknown.join(', ')} ${unknown.length === 1 ? 'is' : 'are'} not a finding` : 'no input findings given'}; name findings by id (${known.join(', ') || 'none yet: research first'}).`,
    );
  }
  if (found.length > MAX_COMPUTE_INPUTS) {
    return failed(
      context,
      `compute takes at most ${MAX_COMPUTE_INPUTS} input findings; name only those the program uses.`,
    );
  }
  const inputIds = found.map((finding) => finding.id);
  const program = action.program.trim();
  const earlier = run.evidence.findings.all.find(
    (finding) =>
      finding.computation?.program === program && finding.computation.inputs.join() === inputIds.join(),
  );
  if (earlier) {
    context.emit({
      type: 'observation',
      text: `This program already ran on ${inputIds.join(', ')}: ${earlier.id}.`,
    });
    return {
      repeated: true,
      note: `That computation is ${earlier.id} already; cite it or choose another action.`,
    };
  }
  const sandbox = context.compute;
  const outcome = await runToolCall(context, {
    tool: 'compute',
    input: { language: sandbox.language, purpose: action.purpose, inputs: inputIds, program },
    run: async () => {
      // The program runs on its inputs, then in the same worker on each changed set.
      const inputs = computationInputs(found);
      const sets = changedSets(inputs);
      const alsoOn = [sets.shifted, sets.scaled, sets.swapped, sets.stretched].filter(
        (set) => set !== undefined,
      );
      const result = await sandbox.run({ program, inputs, alsoOn, signal: context.signal });
      checkProgram({ purpose: action.purpose, inputs, sets, result });
      return {
        value: result,
        summary: `output ${inlineWebText(result.output, 80)} in ${result.durationMs} ms`,
        output: { output: result.output, durationMs: result.durationMs, startMs: result.startMs },
      };
    },
  });
  if (!outcome.ok)
    return failed(context, `compute failed (${outcome.error.code}): ${outcome.error.message}.`);
  const { output, durationMs } = outcome.value;
  const id = run.evidence.findings.nextId();
  const purpose = inlineWebText(action.purpose, 160);
  const quote = computationQuote(program, output);
  const first = found[0] as Finding;
  const finding: Finding = {
    id,
    claim: `${purpose}: ${output}`,
    quotes: [{ text: quote, location: { kind: 'chars', start: 0, end: quote.length } }],
    source: { url: `compute:${id}`, title: `Computation: ${purpose}` },
    subQuestionId:
      resolveSubQuestion(action.subQuestion ?? first.subQuestionId, purpose, run.plan.subQuestions) ??
      first.subQuestionId,
    computation: { language: sandbox.language, program, inputs: inputIds, output, purpose, durationMs },
    ...(context.subResearcher ? { subResearcher: context.subResearcher } : {}),
  };
  run.evidence.findings.add(finding);
  context.emit({ type: 'finding', finding });
  context.emit({
    type: 'observation',
    text: `Computed ${purpose}: ${inlineWebText(output, 120)} (${id}, from ${inputIds.join(', ')}).`,
  });
  return {
    note: `${id} holds the output ${inlineWebText(output, 120)}; cite ${id} with ${inputIds.join(', ')} for the figures it was computed from.`,
  };
}
