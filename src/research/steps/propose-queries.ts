import { STEP_MAX_OUTPUT_TOKENS } from '../constants.js';
import {
  type BranchInput,
  type BranchKind,
  branchQueriesPrompt,
  branchQueriesSchema,
  branchQueriesSystem,
  MAX_BRANCH_QUERIES,
} from '../prompts/branch-queries.js';
import { softFailure } from '../run/soft-failure.js';
import type { StepContext } from '../run/step-context.js';
import { normalizeText } from '../text/words.js';

/** Output tokens of a branching call: a few short queries. */
const OUTPUT_TOKENS = Math.min(STEP_MAX_OUTPUT_TOKENS, 400);

/**
 * Asks the planner for new search queries for one sub-question (see `BranchKind`): at most
 * `MAX_BRANCH_QUERIES`, none already tried. Unusable output is a warning and no query; running out
 * of budget ends the step as it would any.
 */
export async function proposeQueries(
  context: StepContext,
  kind: BranchKind,
  input: BranchInput,
): Promise<string[]> {
  try {
    const result = await context.llm.generateObject({
      role: 'planner',
      system: branchQueriesSystem[kind],
      prompt: branchQueriesPrompt(context.run, input),
      schema: branchQueriesSchema,
      schemaName: 'branch_queries',
      abortSignal: context.signal,
      maxOutputTokens: OUTPUT_TOKENS,
    });
    const tried = new Set(input.tried.map(normalizeText));
    const queries: string[] = [];
    for (const query of result.value.queries) {
      const text = query?.replace(/\s+/g, ' ').trim() ?? '';
      if (!text || tried.has(normalizeText(text))) continue;
      tried.add(normalizeText(text));
      queries.push(text);
    }
    return queries.slice(0, MAX_BRANCH_QUERIES);
  } catch (error) {
    softFailure(
      context,
      error,
      `Proposing ${kind === 'follow-up' ? 'follow-up' : 'other'} queries for ${input.item.id}`,
      {
        budget: 'rethrow',
      },
    );
    return [];
  }
}
