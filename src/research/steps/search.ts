import { withinTimeRange } from '../../search/index.js';
import { plural } from '../../shared/index.js';
import { searchRecency } from '../evaluation/drafts.js';
import type { SearchAction } from '../prompts/action.js';
import type { StepContext } from '../run/step-context.js';
import type { StepOutcome } from '../run/step-outcome.js';
import { runToolCall } from '../run/tool-call.js';
import { planSearch, type SearchPlan } from '../sources/search-plan.js';
import { WHOLE_QUESTION } from '../sources/source-record.js';
import type { SearchTimeRange } from '../sources/time-range.js';

/** Result URLs kept in a search `tool-result` event. */
const RESULTS_IN_EVENT = 10;

/** One query's outcome: how many results were kept, how many URLs were new, how many too old. */
interface QueryResult {
  query: string;
  results: number;
  added: number;
  dropped: number;
}

/** Runs one query as a `search` tool call and adds the results within its window to the pool. */
function searchQuery(context: StepContext, plan: SearchPlan, query: string, timeRange?: SearchTimeRange) {
  const { run } = context;
  const { language, count } = plan;
  return runToolCall<QueryResult>(context, {
    tool: 'search',
    input: {
      query,
      providers: context.search.id.split('+'),
      timeRange,
      ...(language ? { language } : {}),
    },
    run: async () => {
      const merged = await context.search.search({
        query,
        count,
        ...(language ? { language } : {}),
        timeRange,
        ...(run.options.onlyHosts.length > 0 ? { sites: run.options.onlyHosts } : {}),
        signal: context.signal,
      });
      const now = new Date();
      const kept = timeRange
        ? merged.filter((result) => withinTimeRange(result.publishedAt, timeRange, now))
        : merged;
      const added = run.sources.pool.add(kept, query);
      const dropped = merged.length - kept.length;
      return {
        value: { query, results: kept.length, added, dropped },
        summary: `${plural(kept.length, 'result')}, ${plural(added, 'new URL')}${dropped > 0 ? `, ${dropped} too old` : ''}`,
        output: {
          query,
          key: plan.keys.get(query) ?? query,
          // The sub-question it served, so a resumed run knows what was searched for.
          subQuestion: plan.subQuestion?.id,
          results: kept.slice(0, RESULTS_IN_EVENT).map((result) => ({
            url: result.url,
            title: result.title,
            ...(result.publishedAt ? { publishedAt: result.publishedAt } : {}),
          })),
        },
      };
    },
  });
}

/** What the planner observes of a search: the scope, new and unread URLs, and each query's yield. */
function searchObservation(
  context: StepContext,
  plan: SearchPlan,
  outcomes: readonly ({ ok: true; value: QueryResult } | { ok: false })[],
): string {
  const timeRange = plan.window?.range;
  const { queries } = plan;
  const succeeded = outcomes.filter((outcome) => outcome.ok).length;
  const newUrls = outcomes.reduce((sum, outcome) => sum + (outcome.ok ? outcome.value.added : 0), 0);
  // Per query, so the planner sees which wording found nothing.
  const perQuery = outcomes
    .map((outcome, index) =>
      outcome.ok
        ? `"${outcome.value.query}": ${plural(outcome.value.results, 'result')}, ${outcome.value.added} new${outcome.value.dropped > 0 ? `, ${outcome.value.dropped} older than the ${timeRange} dropped` : ''}`
        : `"${queries[index]}": failed`,
    )
    .join('; ');
  const scope = [
    timeRange && `within the last ${timeRange}${plan.window?.reason ? ` (${plan.window.reason})` : ''}`,
    plan.language && `in language "${plan.language}"`,
    plan.broadened,
  ]
    .filter(Boolean)
    .join(', ');
  const clipped = plan.notes.length > 0 ? ` (${plan.notes.join('; ')})` : '';
  return `Searched ${queries.length} ${queries.length === 1 ? 'query' : 'queries'} (${succeeded} ok)${scope ? ` ${scope}` : ''}${clipped}: ${plural(newUrls, 'new URL')}; ${context.run.sources.pool.ranked().length} unread in the pool. ${perQuery}.`;
}

/**
 * Runs the new queries of a search action concurrently and adds their results to the URL pool.
 * The action is validated and clipped first (`planSearch`): empty, repeated and surplus queries
 * are dropped, an unknown language replaced and a `limit` past its bound clipped, each with a note
 * the planner sees; a question about recent events is searched in the window it asks for when the
 * planner set none (the reason is in the observation). Queries
 * searched before are skipped; a search with only such queries is a repeated action. Results
 * whose dates fall before the asked window are dropped (providers that filter by day at the
 * finest return a whole day for the last hour).
 */
export async function searchStep(context: StepContext, action: SearchAction): Promise<StepOutcome> {
  const { sources } = context.run;
  const plan = planSearch(context.run, action, searchRecency(context.run));
  if (plan.queries.length === 0) {
    const clipped = plan.notes.length > 0 ? ` (${plan.notes.join('; ')})` : '';
    const asked = (Array.isArray(action.queries) ? action.queries : []).slice(0, 8).join(' | ');
    context.emit({ type: 'observation', text: `Nothing new to search${clipped}.` });
    return {
      repeated: true,
      note: `no new query to search${clipped}: ${asked || '(none given)'}. Use different, non-empty queries or another action.`,
    };
  }
  for (const query of plan.queries) sources.queries.push(plan.keys.get(query) ?? query);
  sources.searchedFor.add(plan.subQuestion?.id ?? WHOLE_QUESTION);
  const timeRange = plan.window?.range;
  if (timeRange) sources.pool.noteTimeRange(timeRange);
  const outcomes = await Promise.all(
    plan.queries.map((query) => searchQuery(context, plan, query, timeRange)),
  );
  context.emit({ type: 'observation', text: searchObservation(context, plan, outcomes) });
  if (!outcomes.some((outcome) => outcome.ok)) {
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
