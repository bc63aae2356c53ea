import { contextTokensFor } from '../../llm/index.js';
import { WRITER_MAX_OUTPUT_TOKENS } from '../constants.js';
import { outputTokensFor } from '../evidence/evidence-budget.js';
import { revisePrompt, reviseSchema, reviseSystem } from '../prompts/revise-prompt.js';
import { softFailure } from '../run/soft-failure.js';
import type { StepContext } from '../run/step-context.js';

/**
 * Has the writer rewrite the unsupported sentences from the evidence, in one call. Returns the new
 * text by sentence number ('' removes the sentence); sentences the reply leaves out keep theirs. A
 * failed call is a warning and revises nothing.
 */
export async function reviseSentences(
  context: StepContext,
  items: readonly { number: number; text: string; reason: string }[],
  evidence: string,
): Promise<Map<number, string>> {
  const revised = new Map<number, string>();
  if (items.length === 0) return revised;
  const asked = new Set(items.map((item) => item.number));
  try {
    const result = await context.llm.generateObject({
      role: 'writer',
      system: reviseSystem(context.run),
      prompt: revisePrompt(context.run, items, evidence),
      schema: reviseSchema,
      schemaName: 'revisions',
      abortSignal: context.signal,
      maxOutputTokens: outputTokensFor(
        contextTokensFor(context.run.options, 'writer'),
        WRITER_MAX_OUTPUT_TOKENS,
      ),
    });
    for (const entry of result.value.revisions) {
      if (!entry || !asked.has(entry.claim) || revised.has(entry.claim)) continue;
      revised.set(entry.claim, entry.text.replace(/\s+/g, ' ').trim());
    }
  } catch (error) {
    softFailure(context, error, `Revising ${items.length} unsupported claims`);
  }
  return revised;
}
