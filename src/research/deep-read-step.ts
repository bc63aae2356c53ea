import { MAX_URLS_PER_STEP } from '../config/index.js';
import { DeepResearchError } from '../errors.js';
import { isAllowedUrl, normalizeUrl } from './hosts.js';
import type { DeepReadAction } from './prompts/action.js';
import { absorbSource } from './read-step.js';
import type { StepContext, StepOutcome } from './step-context.js';
import { runSource, runToolCall } from './tool-call.js';

/** Link depth followed by a deep read. */
const DEEP_READ_DEPTH = 1;
/** Pages one deep read may fetch, the start page included. */
const DEEP_READ_LIMIT = 8;

/** Reads a page and the linked pages matching a pattern, through the reader module's deepRead. */
export async function deepReadStep(context: StepContext, action: DeepReadAction): Promise<StepOutcome> {
  const { state } = context;
  const url = normalizeUrl(action.url);
  if (!isAllowedUrl(url, state.options)) {
    state.lastStepNote = `${url} is not allowed by the host rules.`;
    return { failed: true };
  }
  state.researchSteps += 1;
  const outcome = await runToolCall(context, {
    tool: 'deep-read',
    input: { url, pattern: action.pattern },
    run: async () => {
      const deepRead = await context.loadDeepRead();
      if (!deepRead) {
        throw new DeepResearchError({
          code: 'unavailable',
          message: 'Deep reading is not available in this setup.',
        });
      }
      const sources = await deepRead(context.reader, {
        url,
        pattern: action.pattern,
        depth: DEEP_READ_DEPTH,
        limit: DEEP_READ_LIMIT,
        concurrency: MAX_URLS_PER_STEP,
        signal: context.signal,
      });
      const kept = sources.filter(
        (source) =>
          isAllowedUrl(source.finalUrl, state.options) && !state.sources.has(normalizeUrl(source.finalUrl)),
      );
      for (const source of kept) absorbSource(context, source);
      return {
        value: kept.length,
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
  return {};
}
