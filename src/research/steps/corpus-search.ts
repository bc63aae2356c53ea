import type { CorpusHitSummary } from '../../contract/index.js';
import type { CorpusHit } from '../../corpus/index.js';
import { CORPUS_HITS_PER_SEARCH } from '../constants.js';
import type { SearchCorpusAction } from '../prompts/corpus-actions.js';
import type { StepContext } from '../run/step-context.js';
import type { StepOutcome } from '../run/step-outcome.js';
import { runToolCall } from '../run/tool-call.js';
import { displayPath, type ResearchCorpus } from '../sources/corpora.js';
import { addCorpusResult, corpusProgress } from '../sources/corpus-progress.js';
import { normalizeText } from '../text/words.js';
import { corporaOf, fileLine, passagePreview, repeatedCall } from './corpus-common.js';

/** Hits of several corpora, interleaved by rank (scores of different indexes do not compare). */
function interleave(lists: readonly { corpus: string; hits: CorpusHit[] }[]) {
  const merged: { corpus: string; hit: CorpusHit }[] = [];
  const deepest = Math.max(0, ...lists.map((list) => list.hits.length));
  for (let rank = 0; rank < deepest; rank += 1) {
    for (const list of lists) {
      const hit = list.hits[rank];
      if (hit) merged.push({ corpus: list.corpus, hit });
    }
  }
  return merged;
}

/** Searches one corpus as a `search_corpus` tool call. */
function searchOne(
  context: StepContext,
  item: ResearchCorpus,
  action: SearchCorpusAction,
  pathPrefix: string | undefined,
) {
  return runToolCall(context, {
    tool: 'search_corpus',
    input: { query: action.query, mode: action.mode, ...(pathPrefix ? { pathPrefix } : {}), corpus: item.id },
    run: async () => {
      const hits = await item.corpus.searchCorpus({
        query: action.query,
        mode: action.mode,
        limit: CORPUS_HITS_PER_SEARCH,
        signal: context.signal,
        ...(pathPrefix ? { pathPrefix } : {}),
      });
      return {
        value: { corpus: item.id, hits },
        summary: `${hits.length} passage${hits.length === 1 ? '' : 's'}`,
        output: {
          hits: hits.map(
            (hit): CorpusHitSummary => ({
              path: hit.path,
              startLine: hit.startLine,
              endLine: hit.endLine,
              ...(hit.symbol ? { symbol: hit.symbol } : {}),
              matchLines: hit.matchLines,
              snippet: hit.snippet,
            }),
          ),
        },
      };
    },
  });
}

/**
 * Searches every corpus of the run with the query, mode and folder the planner chose. The hits
 * (path:lines, symbol, best-matching lines) go to the planner's corpus results; reading them is a
 * read_file. A search made before is a repeated action; a failed mode (semantic without an
 * embedding model) is a failed step whose note says what to use instead.
 */
export async function searchCorpusStep(
  context: StepContext,
  action: SearchCorpusAction,
): Promise<StepOutcome> {
  const available = corporaOf(context, 'search_corpus');
  if ('outcome' in available) return available.outcome;
  const { corpora } = available;
  const { run } = context;
  const pathPrefix = action.pathPrefix?.trim() || undefined;
  const key = normalizeText(`${action.query}|${action.mode}|${pathPrefix ?? ''}`);
  const progress = corpusProgress(run.sources);
  if (progress.searches.has(key))
    return repeatedCall(context, `search_corpus "${action.query}" (${action.mode})`);
  progress.searches.add(key);
  const outcomes = await Promise.all(corpora.map((item) => searchOne(context, item, action, pathPrefix)));
  const lists = outcomes.flatMap((outcome) => (outcome.ok ? [outcome.value] : []));
  const failures = outcomes.flatMap((outcome) => (outcome.ok ? [] : [outcome.error]));
  const merged = interleave(lists).slice(0, CORPUS_HITS_PER_SEARCH);
  const header = `search_corpus "${fileLine(action.query, 300)}" (${action.mode}${pathPrefix ? `, under ${fileLine(pathPrefix)}` : ''}): ${merged.length} passage${merged.length === 1 ? '' : 's'}`;
  const lines = merged.map(
    ({ corpus, hit }) =>
      `- ${fileLine(displayPath(corpora, corpus, hit.path), 200)}:${hit.startLine}-${hit.endLine}${hit.symbol ? ` [${fileLine(hit.symbol, 120)}]` : ''} — ${passagePreview(hit.snippet)}`,
  );
  addCorpusResult(run.sources, [header, ...lines].join('\n'));
  progress.hits.set(
    normalizeText(action.query),
    merged.map(({ corpus, hit }) => ({
      path: displayPath(corpora, corpus, hit.path),
      startLine: hit.startLine,
    })),
  );
  context.emit({ type: 'observation', text: `${header}.` });
  if (lists.length === 0) {
    const reason = failures[0]?.message ?? 'the search failed';
    return {
      failed: true,
      researched: true,
      note: `search_corpus failed: ${reason}${action.mode === 'semantic' ? ' Use mode "hybrid" or "lexical".' : ''}`,
    };
  }
  return merged.length === 0
    ? {
        researched: true,
        note: 'search_corpus found nothing; try other words, lexical mode for identifiers, or read_map.',
      }
    : { researched: true };
}
