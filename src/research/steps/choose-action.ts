import { contextTokensFor, estimateTokens } from '../../llm/index.js';
import { PLANNER_EVIDENCE_TOKENS, STEP_MAX_OUTPUT_TOKENS } from '../constants.js';
import { evidenceBudget, outputTokensFor } from '../evidence/evidence-budget.js';
import {
  type ActionOutput,
  type ActionTools,
  actionPromptAround,
  actionSchemaFor,
  actionSystem,
} from '../prompts/action.js';
import type { StepContext } from '../run/step-context.js';
import { plannerFindings } from '../synthesis/writer-evidence.js';

/** Tokens of the action schema shown with the request. */
const SCHEMA_TOKENS = 900;

/** The run's tools: the web unless the run has corpora and not `web`, the corpora, and compute when the run has a sandbox. */
export function actionTools(context: Pick<StepContext, 'run' | 'corpora' | 'compute'>): ActionTools {
  const corpusIds = (context.corpora ?? []).map((corpus) => corpus.id);
  return {
    web: corpusIds.length === 0 || context.run.options.web,
    corpusIds,
    ...(context.compute ? { compute: true } : {}),
  };
}

/**
 * Asks the planner model for the next action and emits it as a `thought`. The planner sees the
 * findings as claims by sub-question (no quotes), sized to its window. The older `answer` action is
 * taken as `ready`.
 */
export async function chooseAction(context: StepContext): Promise<ActionOutput> {
  const { run } = context;
  const contextTokens = contextTokensFor(run.options, 'planner');
  const outputTokens = outputTokensFor(contextTokens, STEP_MAX_OUTPUT_TOKENS);
  const tools = actionTools(context);
  const system = actionSystem(run, tools);
  const promptWith = actionPromptAround(run, context.loop);
  const budget = Math.min(
    PLANNER_EVIDENCE_TOKENS,
    evidenceBudget({
      contextTokens,
      fixedTokens: estimateTokens(system, promptWith('')) + SCHEMA_TOKENS,
      outputTokens,
      tokensLeft: context.tokensLeft(),
    }),
  );
  const result = await context.llm.generateObject({
    role: 'planner',
    system,
    prompt: promptWith(plannerFindings(context, budget)),
    schema: actionSchemaFor(tools),
    schemaName: 'next_action',
    abortSignal: context.signal,
    maxOutputTokens: outputTokens,
  });
  const output = result.value;
  if (output.action.type === 'answer') {
    output.action = { type: 'ready', reason: output.action.reason ?? 'The planner answered.' };
  }
  context.emit({
    type: 'thought',
    action: output.action.type,
    text: output.think.trim() || `Chose ${output.action.type}.`,
  });
  return output;
}
