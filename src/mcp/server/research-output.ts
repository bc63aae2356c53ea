import { z } from 'zod';
import type { ResearchResult } from '../../contract/index.js';

const reference = z.object({
  url: z.string(),
  title: z.string(),
  quote: z.string().describe('Text the answer cites from the page.'),
  verified: z.boolean().describe('True only when the quote was found in the stored page text.'),
  findingId: z.string().optional().describe('The finding the citation comes from.'),
  path: z.string().optional().describe('For a file of a corpus: its path in the corpus.'),
  startLine: z.number().optional().describe('For a file: first line quoted (1-based).'),
  endLine: z.number().optional().describe('For a file: last line quoted.'),
  corpus: z.string().optional().describe('For a file: the id of its corpus.'),
  contentHash: z.string().optional().describe('Hash of the source text the quote was checked against.'),
});

const claimProblem = z.object({ text: z.string(), reason: z.string() });

/** The claim check: how many factual sentences their quotes support, and those they do not. */
const claims = z
  .object({
    total: z.number().describe('Factual sentences checked against their quotes.'),
    supported: z.number(),
    unsupported: z
      .array(claimProblem)
      .describe('Sentences not supported by their quotes, with why; they left the answer.'),
    unchecked: z.array(claimProblem).optional().describe('Sentences nobody could check, with why.'),
  })
  .describe('The claim check of the answer.');

/**
 * The `research` tool's structured content, declared exactly (no open objects, no type lists), so
 * strict JSON Schema tools (MCP Inspector `--strict`) accept it: what is sent is what is declared.
 */
export const researchOutput = z.object({
  runId: z.string(),
  question: z.string(),
  status: z
    .enum(['completed', 'best_effort', 'failed', 'cancelled', 'needs_input'])
    .describe('How the run ended; needs_input: it asks the questions in `questions` first.'),
  stopReason: z.string().describe('Why it stopped, e.g. evaluation_passed, token_budget, max_steps.'),
  answer: z.string().describe('Markdown answer (or report) with [n] citation markers.'),
  references: z.array(reference).describe('Citations, in the order of the [n] markers.'),
  claims,
  usage: z.object({
    inputTokens: z.number(),
    outputTokens: z.number(),
    totalTokens: z.number(),
    costUsd: z.number().optional().describe("Cost in US dollars; absent when a model's price is unknown."),
  }),
  llmCalls: z.number(),
  steps: z.number(),
  durationMs: z.number(),
  followUps: z
    .array(z.string())
    .optional()
    .describe('Up to 3 questions worth researching next (to call research with), absent when none.'),
  error: z.object({ code: z.string(), message: z.string() }).optional(),
  questions: z
    .array(z.string())
    .optional()
    .describe(
      'With status needs_input: the clarifying questions; answer them in the "answers" argument of a new call.',
    ),
});

/** A run's result as the tool's structured content: the declared fields only. */
export function researchStructured(result: ResearchResult): Record<string, unknown> {
  const { usage } = result;
  const content: z.infer<typeof researchOutput> = {
    runId: result.runId,
    question: result.question,
    status: result.status,
    questions: result.input?.kind === 'clarify' ? result.input.questions : undefined,
    stopReason: result.stopReason,
    answer: result.answer,
    references: result.references.map((entry) => reference.parse(entry)),
    claims: claims.parse(result.claims),
    usage: {
      inputTokens: usage.inputTokens,
      outputTokens: usage.outputTokens,
      totalTokens: usage.totalTokens,
      costUsd: usage.costUsd ?? undefined,
    },
    llmCalls: result.llmCalls,
    steps: result.steps,
    durationMs: result.durationMs,
    followUps: result.followUps?.length ? result.followUps : undefined,
    error: result.error ? { code: result.error.code, message: result.error.message } : undefined,
  };
  return content;
}
