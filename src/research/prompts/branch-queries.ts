import { z } from 'zod';
import type { SubQuestion } from '../../contract/index.js';
import type { RunRecords } from '../run/run-records.js';
import { inlineWebText, UNTRUSTED_NOTICE } from '../text/untrusted.js';
import { dateLine, joinSections, questionSection } from './context.js';

/** Queries one call proposes at most; more are ignored. */
export const MAX_BRANCH_QUERIES = 3;

/**
 * New search queries for one sub-question: other formulations of it, or follow-ups of what was
 * learned. A query that is not a string becomes `null` (and is dropped), a malformed list an empty one.
 */
export const branchQueriesSchema = z.object({
  think: z
    .string()
    .catch('')
    .describe('Brief reasoning: why the earlier queries fell short, or what the findings leave open.'),
  queries: z
    .array(z.string().nullable().catch(null))
    .catch([])
    .describe(`1 to ${MAX_BRANCH_QUERIES} web search queries, each different from the ones already tried.`),
});
export type BranchQueries = z.infer<typeof branchQueriesSchema>;

/** Why new queries are wanted: the line found nothing, or a level learned something to follow up. */
export type BranchKind = 'reformulation' | 'follow-up';

/** System prompts of the two kinds of branching. */
export const branchQueriesSystem: Record<BranchKind, string> = {
  reformulation: [
    'A line of web research on one sub-question found pages on its topic that did not answer it.',
    `Write up to ${MAX_BRANCH_QUERIES} other web search queries that approach it differently: the words an answer would use rather than the question's, the kind of source that would state it, a narrower or a wider framing. Never repeat a query already tried.`,
    UNTRUSTED_NOTICE,
  ].join('\n'),
  'follow-up': [
    'A line of web research on one sub-question found the findings listed.',
    `Write up to ${MAX_BRANCH_QUERIES} follow-up web search queries that go one level deeper from what was learned: what the findings leave open, their causes, consequences, figures or primary sources. Never repeat a query already tried.`,
    UNTRUSTED_NOTICE,
  ].join('\n'),
};

/** What a branching call is shown of one sub-question's research. */
export interface BranchInput {
  item: SubQuestion;
  /** Queries searched for it so far. */
  tried: readonly string[];
  /** Pages read for it that gave no finding. */
  deadEnds: readonly { title: string; url: string }[];
  /** Claims found for it (the follow-ups start from these). */
  learned: readonly string[];
}

/** The research of one sub-question as the branching call sees it: tried queries, dead ends, what was learned. */
export function branchQueriesPrompt(run: RunRecords, input: BranchInput): string {
  const lines = [
    `Sub-question ${input.item.id}: ${inlineWebText(input.item.text)}`,
    ...input.tried.map((query) => `- tried: ${inlineWebText(query)}`),
    ...input.deadEnds.map(
      (page) => `- read, nothing found: ${inlineWebText(page.title)} — ${inlineWebText(page.url)}`,
    ),
  ];
  const learned = input.learned.map((claim) => `- ${inlineWebText(claim)}`);
  return joinSections(
    dateLine(),
    questionSection(run),
    `<research-line>\n${lines.join('\n')}\n</research-line>`,
    learned.length > 0 ? `<findings>\n${learned.join('\n')}\n</findings>` : '',
  );
}
