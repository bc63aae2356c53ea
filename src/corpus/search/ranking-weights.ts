import type { FileRole } from '../types.js';

/**
 * The weights of code-aware ranking (see `priors.ts` and `readCodeQuery`); the defaults are
 * `RANKING_WEIGHTS` in constants.ts.
 */
export interface RankingWeights {
  /**
   * Score multiplier by the file's role; source is 1. A question that asks for tests or docs by
   * name gives those 1 and source their weight.
   */
  roles: Readonly<Record<FileRole, number>>;
  /** Multiplier of a folder's entry file (`index.ts`, `__init__.py`, `mod.rs`). */
  entry: number;
  /** Strength of the file's centrality: the score is multiplied by 1 + centrality × ln(1 + the file's). */
  centrality: number;
  /** A passage defining a symbol the question names scores × (1 + definition × the naming's weight). */
  definition: number;
  /** Weight of naming a symbol with a plain word (`retry`) rather than as code (`switchMap`, `Raycaster`). */
  plainWord: number;
  /** Query weight of a defined name added because the query holds all its parts. */
  expansion: number;
  /**
   * Query weight of a word's whole form beside its parts when the code neither defines nor writes
   * it (`tnfalpha` beside `tnf` and `alpha` for `TNF-α`): each part counts 1, and so does a whole
   * that is a name of the code (`pagerank` for `PageRank`).
   */
  wholeTerm: number;
  /**
   * Strength of a file's name: a passage scores × (1 + fileName × the share of its file name's
   * parts the query holds) (`RealContentHashPlugin` for `content hash`, `progress.ts` for
   * `progress`), in the second search only (with the names fed back, see `withUsedNames`): it
   * orders the page after the first files, which the question's words alone choose. 0: off.
   */
  fileName: number;
  /** Share of a file's next passages' scores added to its best one's (0: a file ranks by its best passage). */
  fileSupport: number;
  /**
   * Query weight of a name that the first files found call or write as a type and another file
   * defines (pseudo-relevance feedback over the code's own names, see `withUsedNames`). 0: off.
   */
  feedback: number;
}
