import type { Source } from '../../reader/types.js';
import { canonicalUrl } from '../../shared/index.js';
import { WRITER_MAX_OUTPUT_TOKENS } from '../constants.js';
import { buildReferences } from '../evidence/citations.js';
import { reportPrompt, reportSystem } from '../prompts/report.js';
import type { Reference } from '../types.js';
import type { StepContext } from './context.js';
import { openingQuote, readSources } from './forced-answer.js';

/** Sources the report may cite: those the answer cited first, then the other read sources. */
function reportSources(context: StepContext, references: readonly Reference[]): Source[] {
  const { state } = context;
  const cited = references.flatMap((reference) => {
    const source = state.sources.get(canonicalUrl(reference.url));
    return source ? [source] : [];
  });
  const all = [...cited, ...readSources(state)];
  return [...new Map(all.map((source) => [source.url, source])).values()].slice(
    0,
    state.options.maxReturnedUrls,
  );
}

/**
 * Streams a long structured markdown report as `report-delta` events. Each numbered source is a
 * reference whose quote is the answer's verified quote from it, or the source's opening sentence.
 */
export async function writeReport(
  context: StepContext,
  draft: { answer: string; references: readonly Reference[] },
): Promise<{ answer: string; references: Reference[] }> {
  const { state } = context;
  const sources = reportSources(context, draft.references);
  const result = await context.llm.generateText({
    role: 'writer',
    system: reportSystem(state),
    prompt: reportPrompt(state, draft.answer, sources),
    abortSignal: context.signal,
    maxOutputTokens: WRITER_MAX_OUTPUT_TOKENS,
    onDelta: (text) => {
      if (text) context.emit({ type: 'report-delta', text });
    },
  });
  const cited = sources.map((source) => {
    const fromAnswer = draft.references.find(
      (reference) => reference.verified && canonicalUrl(reference.url) === canonicalUrl(source.url),
    );
    return { url: source.url, quote: fromAnswer?.quote ?? openingQuote(source) };
  });
  const built = buildReferences({
    answer: result.value.trim(),
    cited,
    findSource: (url) => state.sources.get(url),
    rules: state.options,
    maxReturnedUrls: state.options.maxReturnedUrls,
  });
  if (built.references.length === 0) return built;
  const list = built.references.map(
    (reference, index) => `${index + 1}. [${reference.title}](${reference.url})`,
  );
  return { answer: `${built.answer}\n\n## References\n\n${list.join('\n')}\n`, references: built.references };
}
