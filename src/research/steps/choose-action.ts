import { STEP_MAX_OUTPUT_TOKENS } from '../constants.js';
import { type ActionOutput, actionPrompt, actionSchema, actionSystem } from '../prompts/action.js';
import type { StepContext } from './context.js';

/** Asks the planner model for the next action and emits it as a `thought`. */
export async function chooseAction(context: StepContext): Promise<ActionOutput> {
  const result = await context.llm.generateObject({
    role: 'planner',
    system: actionSystem(context.state),
    prompt: actionPrompt(context.state),
    schema: actionSchema,
    schemaName: 'next_action',
    abortSignal: context.signal,
    maxOutputTokens: STEP_MAX_OUTPUT_TOKENS,
  });
  const output = result.value;
  context.emit({
    type: 'thought',
    action: output.action.type,
    text: output.think.trim() || `Chose ${output.action.type}.`,
  });
  return output;
}
