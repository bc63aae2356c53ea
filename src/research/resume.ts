import type { ResearchEvent } from '../contract/index.js';
import type { Reader } from '../reader/index.js';
import { canonicalUrl } from '../shared/index.js';
import { evidenceMark } from './evidence/coverage.js';
import { normalizeText, type RunState } from './run-state.js';

function stringField(record: Record<string, unknown> | undefined, key: string): string | undefined {
  const value = record?.[key];
  return typeof value === 'string' ? value : undefined;
}

/**
 * Rebuilds what an interrupted run learned from its events: knowledge, findings, the plan, the
 * queries searched, the URL pool, the URLs read and the drafts with their verdicts. Returns the URLs
 * that were read.
 */
export function restoreFromEvents(state: RunState, events: readonly ResearchEvent[]): string[] {
  const readUrls: string[] = [];
  for (const event of events) {
    if (event.type === 'knowledge-add') state.knowledge.add(event.item);
    else if (event.type === 'finding') state.findings.add(event.finding);
    else if (event.type === 'verification') {
      const draft = state.drafts.find((item) => item.attempt === event.attempt);
      if (draft) draft.claims = event.summary;
    } else if (event.type === 'plan') {
      state.subQuestions = event.subQuestions.map((item) => ({ ...item }));
      if (event.perspectives) state.perspectives = event.perspectives.map((item) => ({ ...item }));
      const highest = Math.max(
        0,
        ...state.subQuestions.map((item) => Number(item.id.replace(/\D/g, '')) || 0),
      );
      state.nextSubQuestionId = highest + 1;
    } else if (event.type === 'tool-result' && event.ok && event.tool === 'search') {
      // Only a search whose results were stored counts as done; one cut off by the crash runs again.
      const query = stringField(event.output, 'query') ?? '';
      // The key remembers the window and language too; older events only have the query.
      const key = stringField(event.output, 'key') ?? normalizeText(query);
      if (query) state.queries.push(key);
      state.researchSteps += 1;
      const results = Array.isArray(event.output?.results) ? event.output.results : [];
      const parsed = results.flatMap((result: unknown) => {
        const record =
          typeof result === 'object' && result !== null ? (result as Record<string, unknown>) : undefined;
        const url = stringField(record, 'url');
        return url
          ? [
              {
                url,
                title: stringField(record, 'title') ?? url,
                snippet: '',
                ...(stringField(record, 'publishedAt')
                  ? { publishedAt: stringField(record, 'publishedAt') }
                  : {}),
                provider: 'resumed',
              },
            ]
          : [];
      });
      state.pool.add(parsed, query);
    } else if (event.type === 'tool-result' && event.ok && event.tool === 'read') {
      const url = stringField(event.output, 'url');
      if (url) {
        readUrls.push(url);
        state.pool.markRead(url);
        state.researchSteps += 1;
      }
    } else if (event.type === 'tool-result' && event.ok && event.tool === 'deep-read') {
      const urls = Array.isArray(event.output?.urls) ? event.output.urls : [];
      for (const url of urls) {
        if (typeof url !== 'string') continue;
        readUrls.push(url);
        state.pool.markRead(url);
      }
      state.researchSteps += 1;
    } else if (event.type === 'answer-draft') {
      state.findingsAtLastDraft = evidenceMark(state);
      state.answerTexts.add(`${state.findingsAtLastDraft}:${normalizeText(event.answer)}`);
      state.drafts.push({
        attempt: state.drafts.length + 1,
        answer: event.answer,
        references: event.references,
        claims: { total: 0, supported: 0, unsupported: [] },
        words: 0,
        checksPassed: 0,
      });
    }
  }
  return [...new Set(readUrls.map(canonicalUrl))];
}

/**
 * Reads the resumed run's sources again (normally from the source cache) so their passages are
 * ranked and quotes can be verified. A page that cannot be read again stays unread: its earlier
 * summary is still knowledge, but quotes from it are not verified.
 */
export async function reloadSources(
  state: RunState,
  options: { reader: Reader; urls: readonly string[]; signal?: AbortSignal },
): Promise<{ url: string; error: unknown }[]> {
  const failures: { url: string; error: unknown }[] = [];
  await Promise.all(
    options.urls.map(async (url) => {
      try {
        const source = await options.reader.read(url, { signal: options.signal });
        state.sources.set(canonicalUrl(source.url), source);
        state.sources.set(canonicalUrl(source.finalUrl), source);
        state.knowledge.addSource(source);
      } catch (error) {
        failures.push({ url, error });
      }
    }),
  );
  return failures;
}
