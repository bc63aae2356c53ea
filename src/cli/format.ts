import type { ResearchResult } from '../contract/index.js';

/**
 * The `--json` contract: one object, stable field names. A failed run's `error` also carries
 * `cause`, the last warning before it failed (usually why: a model that cannot be reached).
 */
export function resultToJson(result: ResearchResult, cause?: { code: string; message: string }) {
  return {
    runId: result.runId,
    status: result.status,
    stopReason: result.stopReason,
    answer: result.answer,
    references: result.references.map(({ url, title, quote, verified }) => ({ url, title, quote, verified })),
    usage: {
      inputTokens: result.usage.inputTokens,
      outputTokens: result.usage.outputTokens,
      totalTokens: result.usage.totalTokens,
      costUsd: result.usage.costUsd,
    },
    llmCalls: result.llmCalls,
    steps: result.steps,
    durationMs: result.durationMs,
    ...(result.error ? { error: { ...result.error, ...(cause ? { cause } : {}) } } : {}),
  };
}

/** The answer as markdown with numbered references and their quotes. */
export function resultToMarkdown(result: ResearchResult): string {
  const parts = [result.answer.trim() || '_No answer could be produced._'];
  if (result.references.length > 0 && !/^#{1,3}\s*(references|sources|citations)\s*$/im.test(result.answer)) {
    const lines = result.references.map((reference, index) => {
      const title = reference.title.trim() || reference.url;
      const mark = reference.verified ? '' : ' _(quote not found in the page: unverified)_';
      const quote = reference.quote.trim() ? `\n   > ${reference.quote.trim().replace(/\s+/g, ' ')}` : '';
      return `${index + 1}. [${title}](${reference.url})${mark}${quote}`;
    });
    parts.push(`## References\n\n${lines.join('\n')}`);
  }
  if (result.status !== 'completed') {
    parts.push(`_Status: ${result.status} (${result.stopReason})._`);
  }
  return `${parts.join('\n\n')}\n`;
}
