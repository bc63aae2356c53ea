import { DEFAULT_RESULTS_PER_QUERY, MAX_QUERIES_PER_STEP } from '../../config/index.js';
import type { SearchAction } from '../prompts/action.js';
import { normalizeText } from '../run-state.js';
import { providerTimeRange } from '../sources/time-range.js';
import type { StepContext, StepOutcome } from './context.js';
import { runToolCall } from './tool-call.js';

/** Result URLs kept in a search `tool-result` event. */
const RESULTS_IN_EVENT = 10;

/**
 * Runs the new queries of a search action concurrently and adds their results to the URL pool.
 * Queries searched before are skipped; a search with only such queries is a repeated action.
 */
export async function searchStep(context: StepContext, action: SearchAction): Promise<StepOutcome> {
  const { state } = context;
  const seen = new Set(state.queries);
  const timeRange = providerTimeRange(action.timeRange);
  // The same words over another time window are a new search.
  const key = (query: string) => {
    const normalized = normalizeText(query);
    return normalized && action.timeRange ? `${normalized} [${action.timeRange}]` : normalized;
  };
  const fresh: string[] = [];
  for (const query of action.queries) {
    const normalized = key(query);
    if (!normalized || seen.has(normalized)) continue;
    seen.add(normalized);
    fresh.push(query.trim());
  }
  const queries = fresh.slice(0, MAX_QUERIES_PER_STEP);
  if (queries.length === 0) {
    state.lastStepNote = `every query was already searched: ${action.queries.join(' | ')}. Use different queries or another action.`;
    context.emit({ type: 'observation', text: 'Every query was already searched; nothing new to search.' });
    return { repeated: true };
  }
  for (const query of queries) state.queries.push(key(query));
  state.researchSteps += 1;

  const outcomes = await Promise.all(
    queries.map((query) =>
      runToolCall(context, {
        tool: 'search',
        input: {
          query,
          providers: context.search.id.split('+'),
          ...(action.timeRange ? { timeRange: action.timeRange } : {}),
        },
        run: async () => {
          const merged = await context.search.search({
            query,
            count: DEFAULT_RESULTS_PER_QUERY,
            ...(state.options.language ? { language: state.options.language } : {}),
            ...(timeRange ? { timeRange } : {}),
            ...(state.options.onlyHosts.length > 0 ? { sites: state.options.onlyHosts } : {}),
            signal: context.signal,
          });
          const added = state.pool.add(merged, query);
          return {
            value: { query, results: merged.length, added },
            summary: `${merged.length} results, ${added} new URLs`,
            output: {
              query,
              results: merged
                .slice(0, RESULTS_IN_EVENT)
                .map((result) => ({ url: result.url, title: result.title })),
            },
          };
        },
      }),
    ),
  );
  const succeeded = outcomes.filter((outcome) => outcome.ok);
  const newUrls = outcomes.reduce((sum, outcome) => sum + (outcome.ok ? outcome.value.added : 0), 0);
  // Per query, so the planner sees which wording found nothing.
  const perQuery = outcomes
    .map((outcome, index) =>
      outcome.ok
        ? `"${outcome.value.query}": ${outcome.value.results} results, ${outcome.value.added} new`
        : `"${queries[index]}": failed`,
    )
    .join('; ');
  context.emit({
    type: 'observation',
    text: `Searched ${queries.length} ${queries.length === 1 ? 'query' : 'queries'} (${succeeded.length} ok)${action.timeRange ? ` within the last ${action.timeRange}` : ''}: ${newUrls} new URLs; ${state.pool.ranked().length} unread in the pool. ${perQuery}.`,
  });
  if (succeeded.length === 0) {
    state.lastStepNote = 'every search failed; try other queries or read URLs you already have.';
    return { failed: true };
  }
  state.lastStepNote = undefined;
  return {};
}
