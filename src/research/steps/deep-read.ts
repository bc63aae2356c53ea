import { canonicalUrl } from '../../shared/index.js';
import type { DeepReadAction } from '../prompts/action.js';
import { isAllowedUrl } from '../sources/hosts.js';
import type { StepContext, StepOutcome } from './context.js';
import { extractFindings } from './extract.js';
import { absorbSource } from './read.js';
import { runSource, runToolCall } from './tool-call.js';

/** Reads a page and the linked pages matching a pattern, through the reader module's deepRead (its limits). */
export async function deepReadStep(context: StepContext, action: DeepReadAction): Promise<StepOutcome> {
  const { state } = context;
  const url = action.url.trim();
  if (!isAllowedUrl(url, state.options)) {
    state.lastStepNote = `${url} is not allowed by the host rules.`;
    return { failed: true };
  }
  state.researchSteps += 1;
  const outcome = await runToolCall(context, {
    tool: 'deep-read',
    input: { url, pattern: action.pattern },
    run: async () => {
      const sources = await context.deepRead(context.reader, {
        url,
        pattern: action.pattern,
        signal: context.signal,
      });
      const kept = sources.filter(
        (source) =>
          isAllowedUrl(source.finalUrl, state.options) && !state.sources.has(canonicalUrl(source.finalUrl)),
      );
      for (const source of kept) absorbSource(context, source);
      return {
        value: kept,
        summary: `read ${kept.length} pages`,
        output: { urls: kept.map((source) => source.url) },
        sources: kept.map(runSource),
      };
    },
  });
  state.pool.markRead(url);
  if (!outcome.ok) {
    state.lastStepNote = `deep read failed (${outcome.error.code}); use search and read instead.`;
    return { failed: true };
  }
  state.lastStepNote = undefined;
  await extractFindings(context, outcome.value);
  return {};
}
