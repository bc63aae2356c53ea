import type { DeepReadAction } from '../prompts/action.js';
import { isAllowedUrl } from '../sources/hosts.js';
import { pageAt } from '../sources/source-record.js';
import type { StepContext } from '../step/context.js';
import type { StepOutcome } from '../step/outcome.js';
import { runSource, runToolCall } from '../step/tool-call.js';
import { extractFindings } from './extract.js';
import { absorbSource } from './read.js';

/** Reads a page and the linked pages matching a pattern, through the reader module's deepRead (its limits). */
export async function deepReadStep(context: StepContext, action: DeepReadAction): Promise<StepOutcome> {
  const { run } = context;
  const url = action.url.trim();
  if (!isAllowedUrl(url, run.options))
    return { failed: true, note: `${url} is not allowed by the host rules.` };
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
        (source) => isAllowedUrl(source.finalUrl, run.options) && !pageAt(run.sources, source.finalUrl),
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
  run.sources.pool.markRead(url);
  if (!outcome.ok) {
    return {
      failed: true,
      researched: true,
      note: `deep read failed (${outcome.error.code}); use search and read instead.`,
    };
  }
  await extractFindings(context, outcome.value);
  return { researched: true };
}
