import type { FileRole } from '../types.js';
import type { CodeQuery } from './code-query.js';
import type { RankingWeights } from './ranking-weights.js';

/** What the priors know of a passage's file. */
export interface FileFacts {
  role: FileRole;
  /** The folder's entry file (`index.ts`, `__init__.py`). */
  entry: boolean;
  /** PageRank over the reference graph times the number of files: 1 on average. */
  centrality: number;
  /** The stemmed parts of the file's name, extensions and folders left out (`real`, `content`, `hash`, `plugin`). */
  nameParts: readonly string[];
}

/** What a prior sees: the passage's file, the weight of the named symbols it defines (0: none), the query. */
interface PriorInput {
  file: FileFacts;
  defines: number;
  query: CodeQuery;
  weights: RankingWeights;
}

/** One prior: a multiplier of a passage's text score. */
type Prior = (input: PriorInput) => number;

/**
 * Source over tests, fixtures, generated, declaration, documentation and data files. A question
 * that asks for tests (or documentation) by name trades places: those rank as source would, and
 * source as they would.
 */
const role: Prior = ({ file, query, weights }) => {
  const asked: FileRole | undefined = query.asks.tests ? 'test' : query.asks.docs ? 'docs' : undefined;
  if (!asked) return weights.roles[file.role];
  if (file.role === asked || (asked === 'test' && file.role === 'fixture')) return 1;
  return file.role === 'source' ? weights.roles[asked] : weights.roles[file.role];
};

/** A package's or folder's entry over its leaves. */
const entry: Prior = ({ file, weights }) => (file.entry ? weights.entry : 1);

/** Files much of the code relies on (PageRank over the reference graph, as the repository map ranks). */
const centrality: Prior = ({ file, weights }) => 1 + weights.centrality * Math.log1p(file.centrality);

/** A symbol's definition over its uses, when the question names it. */
const definition: Prior = ({ defines, weights }) => 1 + weights.definition * defines;

/**
 * A file named after what the question asks (`ModuleConcatenationPlugin.js` for "concatenate
 * modules"): the share of its name's parts among the query's terms. The path is a BM25F field
 * already, but one match among a path's folders and a passage's many terms counts little.
 */
const fileName: Prior = ({ file, query, weights }) => {
  if (weights.fileName === 0 || file.nameParts.length === 0) return 1;
  const held = file.nameParts.filter((part) => query.terms.has(part)).length;
  return 1 + (weights.fileName * held) / file.nameParts.length;
};

/** The priors, multiplied together: each is a factor of its own. */
const PRIORS: readonly Prior[] = [role, entry, centrality, definition, fileName];

/** The factor a passage's text score is multiplied by. */
export function priorOf(input: PriorInput): number {
  let factor = 1;
  for (const prior of PRIORS) factor *= prior(input);
  return factor;
}
