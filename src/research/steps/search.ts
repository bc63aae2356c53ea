import { withinTimeRange } from '../../search/index.js';
import type { SearchAction } from '../prompts/action.js';
import { planSearch } from '../sources/search-plan.js';
import type { StepContext } from '../step/context.js';
import type { StepOutcome } from '../step/outcome.js';
import { runToolCall } from '../step/tool-call.js';

/** Result URLs kept in a search `tool-result` event. */
const RESULTS_IN_EVENT = 10;

/**
 * Runs the new queries of a search action concurrently and adds their results to the URL pool.
 * The action is validated and clipped first (`planSearch`): empty, repeated and surplus queries
 * are dropped and an unknown language replaced, each with a note the planner sees. Queries
 * searched before are skipped; a search with only such queries is a repeated action. Results
 * whose dates fall before the asked window are dropped (providers that filter by day at the
 * finest return a whole day for the last hour).
 */
export async function searchStep(context: StepContext, action: SearchAction): Promise<StepOutcome> {
  const { run } = context;
  const { sources } = run;
  const plan = planSearch(run, action);
  const clipped = plan.notes.length > 0 ? ` (${plan.notes.join('; ')})` : '';
  if (plan.queries.length === 0) {
    const asked = (Array.isArray(action.queries) ? action.queries : []).slice(0, 8).join(' | ');
    context.emit({ type: 'observation', text: `Nothing new to search${clipped}.` });
    return {
      repeated: true,
      note: `no new query to search${clipped}: ${asked || '(none given)'}. Use different, non-empty queries or another action.`,
    };
  }
  const { queries, language, count } = plan;
  for (const query of queries) sources.queries.push(plan.keys.get(query) ?? query);
  const timeRange = action.timeRange;
  if (timeRange) sources.pool.noteTimeRange(timeRange);

  const outcomes = await Promise.all(
    queries.map((query) =>
      runToolCall(context, {
        tool: 'search',
        input: {
          query,
          providers: context.search.id.split('+'),
          ...(timeRange ? { timeRange } : {}),
          ...(language ? { language } : {}),
        },
        run: async () => {
          const merged = await context.search.search({
            query,
            count,
            ...(language ? { language } : {}),
            ...(timeRange ? { timeRange } : {}),
            ...(run.options.onlyHosts.length > 0 ? { sites: run.options.onlyHosts } : {}),
            signal: context.signal,
          });
          const now = new Date();
          const kept = timeRange
            ? merged.filter((result) => withinTimeRange(result.publishedAt, timeRange, now))
            : merged;
          const added = sources.pool.add(kept, query);
          const dropped = merged.length - kept.length;
          return {
            value: { query, results: kept.length, added, dropped },
            summary: `${kept.length} results, ${added} new URLs${dropped > 0 ? `, ${dropped} too old` : ''}`,
            output: {
              query,
              key: plan.keys.get(query) ?? query,
              results: kept.slice(0, RESULTS_IN_EVENT).map((result) => ({
                url: result.url,
                title: result.title,
                ...(result.publishedAt ? { publishedAt: result.publishedAt } : {}),
              })),
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
        ? `"${outcome.value.query}": ${outcome.value.results} results, ${outcome.value.added} new${outcome.value.dropped > 0 ? `, ${outcome.value.dropped} older than the ${timeRange} dropped` : ''}`
        : `"${queries[index]}": failed`,
    )
    .join('; ');
  const scope = [
    timeRange && `within the last ${timeRange}`,
    language && `in language "${language}"`,
    plan.broadened,
  ]
    .filter(Boolean)
    .join(', ');
  context.emit({
    type: 'observation',
    text: `Searched ${queries.length} ${queries.length === 1 ? 'query' : 'queries'} (${succeeded.length} ok)${scope ? ` ${scope}` : ''}${clipped}: ${newUrls} new URLs; ${sources.pool.ranked().length} unread in the pool. ${perQuery}.`,
  });
  if (succeeded.length === 0) {
    return {
      failed: true,
      researched: true,
      note: 'every search failed; try other queries or read URLs you already have.',
    };
  }
  return {
    researched: true,
    ...(plan.notes.length > 0 ? { note: `your last search was clipped: ${plan.notes.join('; ')}.` } : {}),
  };
}
