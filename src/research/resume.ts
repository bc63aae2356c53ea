import type { ResearchEvent } from '../contract/index.js';
import type { Reader } from '../reader/index.js';
import type { SearchResult } from '../search/index.js';
import { canonicalUrl } from '../shared/index.js';
import { addDraft, countCheckFailure } from './evaluation/drafts.js';
import { evidenceMark } from './evidence/coverage.js';
import { noteAnswer, noteRequest } from './input/input-record.js';
import type { LoopEnd } from './loop/loop.js';
import type { RunRecords } from './run/run-records.js';
import { storePage, WHOLE_QUESTION } from './sources/source-record.js';
import { normalizeText } from './text/words.js';

/** What an interrupted run had done besides its records: the URLs it read and its research steps. */
export interface Restored {
  /** Canonical URLs of the pages read, to read again. */
  readUrls: string[];
  /** Search, read and deep-read calls that had completed. */
  researchSteps: number;
  /** Steps that finished (their `step-end` stored): the resumed run counts on from there. */
  steps: number;
  /**
   * How the research ended, when it had (a step ended it, or a cap fired and the final answer was
   * under way): the resumed run goes straight on to its answer instead of researching further.
   */
  loopEnd?: LoopEnd;
  /**
   * The run's time before it paused for input that has since been given (its last `input-request`
   * with an `input-answer` after it): the resumed run continues from there, the wait not counted.
   */
  elapsedMs?: number;
}

type ToolResult = Extract<ResearchEvent, { type: 'tool-result' }>;

function stringField(record: Record<string, unknown> | undefined, key: string): string | undefined {
  const value = record?.[key];
  return typeof value === 'string' ? value : undefined;
}

/** The results a stored search event lists, as pool entries (snippets are not stored). */
function searchResults(event: ToolResult): SearchResult[] {
  const results = Array.isArray(event.output?.results) ? event.output.results : [];
  return results.flatMap((result: unknown) => {
    const record =
      typeof result === 'object' && result !== null ? (result as Record<string, unknown>) : undefined;
    const url = stringField(record, 'url');
    const publishedAt = stringField(record, 'publishedAt');
    return url
      ? [
          {
            url,
            title: stringField(record, 'title') ?? url,
            snippet: '',
            ...(publishedAt ? { publishedAt } : {}),
            provider: 'resumed',
          },
        ]
      : [];
  });
}

/** Restores what one successful tool call did: its query and results, or the pages it read. */
function restoreToolResult(run: RunRecords, event: ToolResult, restored: Restored): void {
  if (event.tool === 'search') {
    // Only a search whose results were stored counts as done; one cut off by the crash runs again.
    const query = stringField(event.output, 'query') ?? '';
    // The key remembers the window and language too; older events only have the query.
    const key = stringField(event.output, 'key') ?? normalizeText(query);
    if (query) run.sources.queries.push(key);
    run.sources.searchedFor.add(stringField(event.output, 'subQuestion') ?? WHOLE_QUESTION);
    restored.researchSteps += 1;
    run.sources.pool.add(searchResults(event), query);
  } else if (event.tool === 'read') {
    const url = stringField(event.output, 'url');
    if (!url) return;
    restored.readUrls.push(url);
    run.sources.pool.markRead(url);
    restored.researchSteps += 1;
  } else if (event.tool === 'deep-read') {
    const urls = Array.isArray(event.output?.urls) ? event.output.urls : [];
    for (const url of urls) {
      if (typeof url !== 'string') continue;
      restored.readUrls.push(url);
      run.sources.pool.markRead(url);
    }
    restored.researchSteps += 1;
  }
}

/** What a person said: kept whatever step it came in, for it is never asked again. */
const PERSON_EVENTS: ReadonlySet<ResearchEvent['type']> = new Set(['input-request', 'input-answer']);

/**
 * The events a resumed run is rebuilt from, and the steps that finished. Each attempt of the run
 * (from its `run-start`) numbers its steps anew. A step with a `step-start` and no `step-end` was
 * cut off when the process died: what it stored (pages read but not extracted, a draft never
 * judged) is left out, so the step runs again whole instead of reading as a repeat of itself. Runs
 * stored before steps ended with `step-end` have none at all: every step of theirs is kept.
 */
export function finishedStepEvents(events: readonly ResearchEvent[]): {
  events: ResearchEvent[];
  steps: number;
} {
  const attempts: ResearchEvent[][] = [];
  for (const event of events) {
    if (event.type === 'run-start' || attempts.length === 0) attempts.push([]);
    attempts.at(-1)?.push(event);
  }
  const kept: ResearchEvent[] = [];
  let steps = 0;
  for (const attempt of attempts) {
    const started = new Set(attempt.flatMap((event) => (event.type === 'step-start' ? [event.step] : [])));
    const ended = new Set(attempt.flatMap((event) => (event.type === 'step-end' ? [event.step] : [])));
    const cutOff =
      ended.size === 0 ? new Set<number>() : new Set([...started].filter((step) => !ended.has(step)));
    steps += started.size - cutOff.size;
    kept.push(...attempt.filter((event) => !cutOff.has(event.step) || PERSON_EVENTS.has(event.type)));
  }
  return { events: kept, steps };
}

/**
 * Rebuilds what an interrupted run learned from the events of its finished steps (see
 * `finishedStepEvents`): knowledge, findings, the plan, the queries searched, the URL pool, the
 * URLs read, the drafts with their verdicts, the checks that rejected them and the analysis of the
 * last rejected one. Returns the URLs that were read, the research steps made and the steps finished.
 */
export function restoreFromEvents(run: RunRecords, stored: readonly ResearchEvent[]): Restored {
  const { events, steps } = finishedStepEvents(stored);
  const restored: Restored = { readUrls: [], researchSteps: 0, steps };
  let paused: number | undefined;
  for (const event of events) {
    if (event.type === 'knowledge-add') run.evidence.knowledge.add(event.item);
    else if (event.type === 'finding') run.evidence.findings.add(event.finding);
    else if (event.type === 'verification') {
      const draft = run.drafts.all.find((item) => item.attempt === event.attempt);
      if (draft) {
        draft.claims = event.summary;
        draft.verdicts = event.claims;
      }
    } else if (event.type === 'evaluation') {
      // Rejections count again: a failed freshness check still ranges the resumed run's searches.
      for (const check of event.checks) if (!check.pass) countCheckFailure(run.drafts, check.type);
      // A rejection replaces the last analysis (see `analyzeSteps`): the one that follows, if any.
      if (!event.pass) delete run.drafts.analysis;
    } else if (event.type === 'observation' && event.stepAnalysis) {
      run.drafts.analysis = { ...event.stepAnalysis };
    } else if (event.type === 'input-request') {
      noteRequest(run.input, event.request);
      paused = event.elapsedMs;
    } else if (event.type === 'input-answer') {
      noteAnswer(run.input, event.answer);
      if (paused !== undefined) restored.elapsedMs = paused;
    } else if (event.type === 'plan') {
      // A plan stored after the review was applied: the review is not applied again.
      if (run.input.answers.plan) run.input.settled.add('plan');
      run.plan.subQuestions = event.subQuestions.map((item) => ({ ...item }));
      if (event.perspectives) run.plan.perspectives = event.perspectives.map((item) => ({ ...item }));
      if (event.intent) run.plan.intent = { ...event.intent };
      const highest = Math.max(
        0,
        ...run.plan.subQuestions.map((item) => Number(item.id.replace(/\D/g, '')) || 0),
      );
      run.plan.nextSubQuestionId = highest + 1;
    } else if (event.type === 'tool-result' && event.ok) {
      restoreToolResult(run, event, restored);
    } else if (event.type === 'step-end' && event.endsLoop) {
      restored.loopEnd = { ...event.endsLoop };
    } else if (event.type === 'finish-guard') {
      // The final answer was under way: the step that ended the loop said why, else a cap did.
      restored.loopEnd ??= { stopReason: event.reason, accepted: false };
    } else if (event.type === 'answer-draft') {
      const mark = evidenceMark(run);
      run.drafts.judged.add(`${mark}:${normalizeText(event.answer)}`);
      addDraft(
        run.drafts,
        {
          attempt: run.drafts.all.length + 1,
          answer: event.answer,
          references: event.references,
          claims: { total: 0, supported: 0, unsupported: [] },
          verdicts: [],
          words: 0,
          checksPassed: 0,
        },
        mark,
      );
    }
  }
  return { ...restored, readUrls: [...new Set(restored.readUrls.map(canonicalUrl))] };
}

/**
 * Reads the resumed run's sources again (normally from the source cache) so their passages are
 * ranked and quotes can be verified. A page that cannot be read again stays unread: its earlier
 * summary is still knowledge, but quotes from it are not verified.
 */
export async function reloadSources(
  run: RunRecords,
  options: { reader: Reader; urls: readonly string[]; signal?: AbortSignal },
): Promise<{ url: string; error: unknown }[]> {
  const failures: { url: string; error: unknown }[] = [];
  await Promise.all(
    options.urls.map(async (url) => {
      try {
        const source = await options.reader.read(url, { signal: options.signal });
        storePage(run.sources, source);
        run.evidence.knowledge.addSource(source);
      } catch (error) {
        failures.push({ url, error });
      }
    }),
  );
  return failures;
}
