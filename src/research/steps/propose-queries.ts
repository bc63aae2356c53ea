import { STEP_MAX_OUTPUT_TOKENS } from '../constants.js';
import {
  type BranchInput,
  type BranchKind,
  type BranchQueries,
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

/** What the planner is asked for new queries for: the kind of branching and its sub-question's line. */
interface QueryProposal {
  kind: BranchKind;
  input: BranchInput;
}

/** The planner's queries that are new: trimmed, none already tried or given twice, at most `MAX_BRANCH_QUERIES`. */
function newQueries(output: BranchQueries, alreadyTried: readonly string[]): string[] {
  const tried = new Set(alreadyTried.map(normalizeText));
  const queries: string[] = [];
  for (const query of output.queries) {
    const text = query?.replace(/\s+/g, ' ').trim() ?? '';
    if (!text || tried.has(normalizeText(text))) continue;
    tried.add(normalizeText(text));
    queries.push(text);
  }
  return queries.slice(0, MAX_BRANCH_QUERIES);
}

/**
 * Asks the planner for new search queries for one sub-question (see `BranchKind`): at most
 * `MAX_BRANCH_QUERIES`, none already tried. Unusable output is a warning and no query; running out
 * of budget ends the step as it would any.
 */
export async function proposeQueries(context: StepContext, proposal: QueryProposal): Promise<string[]> {
  const { kind, input } = proposal;
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
    return newQueries(result.value, input.tried);
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
