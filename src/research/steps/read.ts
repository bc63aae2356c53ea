import { MAX_URLS_PER_STEP } from '../../config/index.js';
import type { Source } from '../../reader/index.js';
import { canonicalUrl, plural } from '../../shared/index.js';
import { SOURCE_SUMMARY_CHARS } from '../constants.js';
import { recheckPriorSources } from '../memory/recheck.js';
import type { ReadAction } from '../prompts/action.js';
import { browserVisitOutput } from '../run/browser-visit.js';
import type { StepContext } from '../run/step-context.js';
import type { StepOutcome } from '../run/step-outcome.js';
import { runSource, runToolCall } from '../run/tool-call.js';
import { isAllowedUrl } from '../sources/hosts.js';
import { rememberPage, wasRead } from '../sources/source-record.js';
import { tokenSpansOf } from '../text/token-spans.js';
import { oneLine } from '../text/words.js';
import { extractFindings } from './extract.js';

/**
 * Stores a read source, adds its passages to knowledge and announces it as a `source-summary`
 * knowledge item.
 */
export function absorbSource(context: StepContext, source: Source): void {
  rememberPage(context.run.sources, source);
  context.run.evidence.knowledge.addSource(source);
  const excerpt = oneLine(source.text.slice(0, SOURCE_SUMMARY_CHARS * 2)).slice(0, SOURCE_SUMMARY_CHARS);
  const item = { kind: 'source-summary' as const, content: `${source.title}: ${excerpt}`, url: source.url };
  context.run.evidence.knowledge.add(item);
  context.emit({ type: 'knowledge-add', item });
}

/** Counts whitespace-separated words without building an array (pages can be long): the page's words when it has no spans. */
function wordCount(text: string): number {
  let count = 0;
  let inWord = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    const space = code === 32 || (code >= 9 && code <= 13) || code === 160;
    if (!space && !inWord) count += 1;
    inWord = !space;
  }
  return count;
}

/** Word counts with thousands separators, by a formatter of our own (see `plural`'s). */
const wordCounts = new Intl.NumberFormat('en-US');

/**
 * Summary line of a read, e.g. "read 3,120 words" ("…, rendered in the browser" for an app shell).
 * The words are counted in the same pass that read the page's words for the knowledge.
 */
export function readSummary(source: Source): string {
  const rendered = source.browser?.rendered ? ', rendered in the browser' : '';
  const words = tokenSpansOf(source)?.whitespaceWords ?? wordCount(source.text);
  return `read ${wordCounts.format(words)} words${rendered}`;
}

/**
 * Reads the chosen URLs concurrently. URLs on excluded hosts (or outside `onlyHosts`) are refused;
 * URLs read before are skipped, and a read of only such URLs is a repeated action.
 */
export async function readStep(context: StepContext, action: ReadAction): Promise<StepOutcome> {
  const { run } = context;
  // One read per page however the model spelled it; the URL is fetched as given.
  const requested = [...new Map(action.urls.map((url) => [canonicalUrl(url), url.trim()])).values()];
  const refused = requested.filter((url) => !isAllowedUrl(url, run.options));
  const allowed = requested.filter((url) => isAllowedUrl(url, run.options));
  const fresh = allowed.filter((url) => !wasRead(run.sources, url));
  const urls = fresh.slice(0, MAX_URLS_PER_STEP);
  if (urls.length === 0) {
    const repeated = allowed.length > 0;
    context.emit({
      type: 'observation',
      text: repeated ? 'Every URL was already read.' : 'No URL is allowed by the host rules.',
    });
    return repeated
      ? {
          repeated: true,
          note: `these URLs were already read: ${allowed.join(' ')}. Choose unread URLs or another action.`,
        }
      : { failed: true, note: `these URLs are not allowed by the host rules: ${refused.join(' ')}.` };
  }
  const outcomes = await Promise.all(
    urls.map((url) =>
      runToolCall(context, {
        tool: 'read',
        input: { url },
        run: async () => {
          const source = await context.reader.read(url, { signal: context.signal });
          absorbSource(context, source);
          return {
            value: source,
            summary: readSummary(source),
            output: {
              url: source.url,
              finalUrl: source.finalUrl,
              title: source.title,
              ...browserVisitOutput(context, source),
            },
            sources: [runSource(source)],
          };
        },
      }),
    ),
  );
  // A failed URL is marked read too, so the planner is not offered it again.
  for (const url of urls) run.sources.pool.markRead(url);
  const read = outcomes.flatMap((outcome) => (outcome.ok ? [outcome.value] : []));
  const succeeded = read.length;
  context.emit({ type: 'observation', text: `Read ${succeeded} of ${plural(urls.length, 'page')}.` });
  // Claims of earlier answers or runs about these pages hold only if the pages still say them.
  recheckPriorSources(context, { urls, read });
  if (succeeded === 0) {
    return { failed: true, researched: true, note: 'every read failed; choose other URLs or search again.' };
  }
  await extractFindings(context, read);
  return {
    researched: true,
    ...(refused.length > 0 ? { note: `refused by host rules: ${refused.join(' ')}` } : {}),
  };
}
