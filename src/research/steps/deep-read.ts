import { DEEP_READ_DEPTH, DEEP_READ_LIMIT } from '../../reader/index.js';
import { MAX_DEEP_READ_DEPTH, MAX_DEEP_READ_PAGES } from '../constants.js';
import type { DeepReadAction } from '../prompts/action.js';
import { browserVisitOutput } from '../run/browser-visit.js';
import type { StepContext } from '../run/step-context.js';
import type { StepOutcome } from '../run/step-outcome.js';
import { runSource, runToolCall } from '../run/tool-call.js';
import { isAllowedUrl } from '../sources/hosts.js';
import { requestedCount } from '../sources/requested-count.js';
import { pageAt } from '../sources/source-record.js';
import { extractFindings } from './extract.js';
import { absorbSource } from './read.js';

/**
 * Reads a page and the linked pages matching a pattern, through the reader module's deepRead: as
 * many link levels (`depth`, 1 to `MAX_DEEP_READ_DEPTH`) and pages (`limit`, up to
 * `MAX_DEEP_READ_PAGES`) as the action asks, the reader's defaults when it asks none. A request
 * past a bound is clipped, with an observation in the trace and a note for the planner.
 */
export async function deepReadStep(context: StepContext, action: DeepReadAction): Promise<StepOutcome> {
  const { run } = context;
  const url = action.url.trim();
  if (!isAllowedUrl(url, run.options))
    return { failed: true, note: `${url} is not allowed by the host rules.` };
  const depth = requestedCount(action.depth, {
    what: 'link levels',
    max: MAX_DEEP_READ_DEPTH,
    fallback: DEEP_READ_DEPTH,
  });
  const limit = requestedCount(action.limit, {
    what: 'pages',
    max: MAX_DEEP_READ_PAGES,
    fallback: DEEP_READ_LIMIT,
  });
  const clipped = [depth.note, limit.note].filter(Boolean).join('; ');
  if (clipped) context.emit({ type: 'observation', text: `Deep read of ${url} clipped: ${clipped}.` });
  const outcome = await runToolCall(context, {
    tool: 'deep-read',
    input: { url, pattern: action.pattern, depth: depth.value, limit: limit.value },
    run: async () => {
      const sources = await context.deepRead(context.reader, {
        url,
        pattern: action.pattern,
        depth: depth.value,
        limit: limit.value,
        signal: context.signal,
      });
      const kept = sources.filter(
        (source) => isAllowedUrl(source.finalUrl, run.options) && !pageAt(run.sources, source.finalUrl),
      );
      for (const source of kept) absorbSource(context, source);
      // Each page's visit in the browser: refused requests become warnings, rendered pages are listed.
      const visits = kept.map((source) => ({ url: source.url, ...browserVisitOutput(context, source) }));
      const rendered = visits.filter((visit) => visit.rendered === true).map((visit) => visit.url);
      return {
        value: kept,
        summary: `read ${kept.length} pages`,
        output: {
          urls: kept.map((source) => source.url),
          ...(rendered.length > 0 ? { rendered } : {}),
        },
        sources: kept.map(runSource),
      };
    },
  });
  run.sources.pool.markRead(url);
  if (!outcome.ok) {
    return {
      failed: true,
      researched: true,
      note: `deep read failed (${outcome.error.code}); use search and read instead.${clipped ? ` It was clipped: ${clipped}.` : ''}`,
    };
  }
  await extractFindings(context, outcome.value);
  return { researched: true, ...(clipped ? { note: `your last deep read was clipped: ${clipped}.` } : {}) };
}
