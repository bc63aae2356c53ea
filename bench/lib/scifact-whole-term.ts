/**
 * The SciFact bench's cross-validation of `RANKING_WEIGHTS.wholeTerm`: the query weight of a word's
 * whole form beside its parts, chosen per fold on the other folds' queries by mean nDCG@10.
 */
import { RANKING_WEIGHTS } from '../../src/corpus/constants.js';
import { openIndexDatabase } from '../../src/corpus/database/index.js';
import { loadRankingContext } from '../../src/corpus/search/index.js';
import { rankChunks } from '../../src/corpus/search/rank-chunks.js';
import { distinct, mean, ndcgAt } from './retrieval-metrics.js';

/** The values tried, from a quarter of a part's weight to a part's. */
const WHOLE_TERM_VALUES = [0.25, 0.5, 0.75, 1] as const;

/** A query and its judgements (document id → grade). */
interface JudgedQuery {
  text: string;
  relevance: ReadonlyMap<string, number>;
}

/** `mean ± sample standard deviation`. */
function spread(values: readonly number[]): string {
  const average = mean(values);
  const variance =
    values.reduce((sum, value) => sum + (value - average) ** 2, 0) / Math.max(values.length - 1, 1);
  return `${average.toFixed(4)} ± ${Math.sqrt(variance).toFixed(4)}`;
}

/** Prints each fold's choice and scores, and the cross-validated nDCG@10 against wholeTerm 1. */
export async function crossValidateWholeTerm(options: {
  indexPath: string;
  queries: readonly JudgedQuery[];
  /** The fold of each query. */
  folds: readonly number[];
  /** A hit's path → the document id of the judgements. */
  idOf: (path: string) => string;
}): Promise<void> {
  const { queries, folds } = options;
  const index = openIndexDatabase(options.indexPath);
  const context = loadRankingContext(index.db);
  const paths = new Map(
    (
      index.db.prepare('SELECT c.id, f.path FROM chunks c JOIN files f ON f.id = c.file_id').all() as Array<{
        id: number;
        path: string;
      }>
    ).map((row) => [row.id, row.path]),
  );
  // nDCG@10 of every query under every value.
  const scores: number[][] = [];
  for (const wholeTerm of WHOLE_TERM_VALUES) {
    const perQuery: number[] = [];
    for (const query of queries) {
      const ranked = await rankChunks({
        index,
        context,
        embedder: undefined,
        request: { query: query.text, mode: 'lexical', limit: 10 },
        weights: { ...RANKING_WEIGHTS, wholeTerm },
      });
      const ids = distinct(ranked.map((entry) => options.idOf(paths.get(entry.chunkId) ?? '')));
      perQuery.push(ndcgAt(10, ids, query.relevance));
    }
    scores.push(perQuery);
  }
  index.db.close();
  const foldCount = Math.max(...folds) + 1;
  const chosen: number[] = [];
  const atOne: number[] = [];
  const pooled: number[] = new Array(queries.length).fill(0);
  const neutral = WHOLE_TERM_VALUES.indexOf(1);
  for (let fold = 0; fold < foldCount; fold++) {
    const of = (values: readonly number[], inFold: boolean) =>
      mean(values.filter((_, at) => (folds[at] === fold) === inFold));
    const trained = scores.map((values) => of(values, false));
    const best = trained.indexOf(Math.max(...trained));
    const test = scores[best] ?? [];
    test.forEach((value, at) => {
      if (folds[at] === fold) pooled[at] = value;
    });
    chosen.push(of(test, true));
    atOne.push(of(scores[neutral] ?? [], true));
    console.log(
      `  fold ${fold + 1} (${folds.filter((value) => value === fold).length} queries): wholeTerm ${WHOLE_TERM_VALUES[best]} chosen on the others; nDCG@10 ${of(test, true).toFixed(4)} (wholeTerm 1: ${of(scores[neutral] ?? [], true).toFixed(4)})`,
    );
  }
  console.log(
    `wholeTerm by 5-fold: nDCG@10 ${mean(pooled).toFixed(4)} over all queries; per fold ${spread(chosen)} (wholeTerm 1: ${spread(atOne)})`,
  );
  console.log(
    `  every query, each value: ${WHOLE_TERM_VALUES.map((value, at) => `${value} → ${mean(scores[at] ?? []).toFixed(4)}`).join(', ')}`,
  );
}
