import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { FOLLOW_UPS_HEADING, type ResearchResult, statusWithStop } from '../../contract/index.js';
import { ConfigError } from '../../errors.js';
import type { McpServerDependencies } from '../types.js';
import { createProgressReporter } from './progress.js';
import { mcpConfigError, researchInput, resolveResearchArguments } from './research-input.js';
import { researchOutput, researchStructured } from './research-output.js';
import { guarded, toolResult } from './tool-result.js';

/** The clarifying questions of a run that needs input, and how to answer them. */
function questionsText(result: ResearchResult): string {
  const questions = result.input?.kind === 'clarify' ? result.input.questions : [];
  return [
    'Before research starts, the question needs clarifying. Ask the user:',
    ...questions.map((question, index) => `${index + 1}. ${question}`),
    'Then call research again with the same question, "clarify": true and "answers": the user\'s answers, each standing alone (e.g. "the height without antennas"). Or call it without "clarify" to research the question as it is.',
    `Status: ${statusWithStop(result.status, result.status, result.stopReason)}.`,
  ].join('\n');
}

/** The answer with its numbered references and quotes, as the calling model reads it. */
function resultText(result: ResearchResult): string {
  if (result.status === 'needs_input') return questionsText(result);
  const references = result.references.map((reference, index) => {
    const mark = reference.verified ? 'verified' : 'UNVERIFIED: quote not found in the page';
    return `[${index + 1}] ${reference.title || reference.url} <${reference.url}> (${mark})\n    "${reference.quote.replace(/\s+/g, ' ').trim()}"`;
  });
  return [
    result.answer.trim() || '(no answer could be produced)',
    ...(references.length > 0 ? [`References:\n${references.join('\n')}`] : []),
    ...(result.followUps?.length
      ? [`${FOLLOW_UPS_HEADING}:\n${result.followUps.map((question) => `- ${question}`).join('\n')}`]
      : []),
    `Status: ${statusWithStop(result.status, result.status, result.stopReason)}; ${result.steps} steps, ${result.usage.totalTokens} tokens.`,
    ...(result.error ? [`Error: ${result.error.message}`] : []),
  ].join('\n\n');
}

/** What the tool says it researches: the web, and the corpora when some are registered. */
function researchDescription(deps: McpServerDependencies): string {
  const ids = (deps.corpora ?? []).map((corpus) => corpus.id);
  const where =
    ids.length === 0
      ? 'on the web: plans, searches, reads pages'
      : `on the web or in the registered corpora (${ids.join(', ')}; name them in "corpora"): plans, searches, reads pages and files`;
  return `Researches a question ${where} and answers with numbered citations whose quotes are checked against their sources (verified: true). Takes minutes; sends progress notifications. Returns the answer, references, status, stop reason and token usage.`;
}

/**
 * `research`: runs one question to a cited answer. While it runs, each step, action and the
 * tokens used go to the caller as progress notifications (when it sent a progress token);
 * cancelling the request cancels the run.
 */
export function registerResearchTool(server: McpServer, deps: McpServerDependencies): void {
  server.registerTool(
    'research',
    {
      title: 'Deep research',
      description: researchDescription(deps),
      inputSchema: researchInput.advertised,
      outputSchema: researchOutput,
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    (raw, extra) =>
      guarded(async () => {
        const args = researchInput.parse(raw);
        const { question, config } = resolveResearchArguments(args, deps);
        await Promise.resolve(deps.checkSetup?.(config)).catch((error: unknown) => {
          throw error instanceof ConfigError ? mcpConfigError(error, Object.keys(args)) : error;
        });
        const reporter = createProgressReporter({
          progressToken: extra._meta?.progressToken,
          send: (notification) => extra.sendNotification(notification),
        });
        const result = await deps.research(
          { ...config, question },
          { signal: extra.signal, onEvent: reporter.onEvent },
        );
        await reporter.flush();
        return {
          ...toolResult(resultText(result), researchStructured(result)),
          ...(result.status === 'failed' ? { isError: true } : {}),
        };
      }),
  );
}
