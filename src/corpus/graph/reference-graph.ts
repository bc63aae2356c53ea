import type { SqliteDatabase } from '../database/index.js';
import { splitIdentifier } from '../tokenize/index.js';
import { type Edges, pageRank } from './pagerank.js';

/** A name defined in more files than this is generic (`run`, `title`): its edges count a tenth, as in Aider. */
const GENERIC_NAME_FILES = 5;
/**
 * A name defined in more files than this says nothing of which one a use means: it gets no edges.
 * Each of them would weigh under a two-thousandth of a specific name's (a tenth, shared among more
 * than 20 files, against ten times one), and a package built several times over (esm/, cjs/,
 * legacy/) has hundreds of such names, each an edge from every user to every copy.
 */
const UNSPECIFIC_NAME_FILES = 20;

/**
 * How much a use of `name` says about which file it points to, after Aider's repo map: a long
 * compound name (`readRepositoryMap`) is specific (×10), a short one (`get`) may be any `get`, a
 * leading underscore marks a private helper (×0.1), and a name many files define is generic (×0.1).
 */
function nameWeight(name: string, definers: number): number {
  let weight = 1;
  if (name.length >= 8 && splitIdentifier(name).length > 1) weight *= 10;
  if (name.startsWith('_')) weight *= 0.1;
  if (definers > GENERIC_NAME_FILES) weight *= 0.1;
  return weight;
}

/**
 * Reference edges between files (by file id): a file that calls a function or names a type that
 * another file defines (outside any function body) points at it, with weight √(uses) × `nameWeight`,
 * shared among the files defining the name. Plain identifiers are left out (`url`, `title` are mostly
 * unrelated locals), and so are calls on objects with unspecific names (`x.get()` may be a Map's).
 */
export function referenceEdges(db: SqliteDatabase): Edges {
  const uses = db
    .prepare(
      `SELECT r.file_id AS fileId, r.name, count(*) AS uses, max(r.member = 0) AS direct FROM refs r
       WHERE r.kind != 'reference' AND r.name IN (SELECT name FROM definitions WHERE local = 0)
       GROUP BY r.file_id, r.name`,
    )
    .all() as Array<{ fileId: number; name: string; uses: number; direct: number }>;
  const definers = new Map<string, number[]>();
  const rows = db.prepare('SELECT DISTINCT name, file_id AS fileId FROM definitions WHERE local = 0').all();
  for (const row of rows as Array<{ name: string; fileId: number }>) {
    const files = definers.get(row.name);
    if (files) files.push(row.fileId);
    else definers.set(row.name, [row.fileId]);
  }
  // One edge per pair of files, its weight the sum over the names they share: a package built
  // several times over (esm/, cjs/, legacy/) defines each name in every copy.
  const from: number[] = [];
  const to: number[] = [];
  const weights: number[] = [];
  for (const use of uses) {
    const targets = (definers.get(use.name) ?? []).filter((fileId) => fileId !== use.fileId);
    const specificity = nameWeight(use.name, targets.length);
    if (targets.length === 0 || targets.length > UNSPECIFIC_NAME_FILES) continue;
    if (!use.direct && specificity < 10) continue;
    const weight = (specificity * Math.sqrt(use.uses)) / targets.length;
    // Two files sharing several names get an edge per name: to PageRank that is one edge of the summed weight.
    for (const target of targets) {
      from.push(use.fileId);
      to.push(target);
      weights.push(weight);
    }
  }
  return { from: Int32Array.from(from), to: Int32Array.from(to), weight: Float64Array.from(weights) };
}

/**
 * Stores each file's centrality: its PageRank over the reference graph (see `referenceEdges`)
 * times the number of files, so 1 is the average file, more a file much of the code relies on.
 * Ranks are global: every update that changed a file computes them all again.
 */
export function storeCentrality(db: SqliteDatabase): void {
  const ids = db.prepare('SELECT id FROM files ORDER BY id').pluck().all() as number[];
  const rank = pageRank({ size: ids.length, edges: toIndexes(referenceEdges(db), ids) });
  const update = db.prepare('UPDATE files SET centrality = ? WHERE id = ?');
  db.transaction(() => {
    ids.forEach((id, index) => {
      update.run((rank[index] ?? 0) * ids.length, id);
    });
  })();
}

/** Edges between file ids as edges between the files' positions in `ids` (edges to unknown ids dropped). */
export function toIndexes(edges: Edges, ids: readonly number[]): Edges {
  const positionOf = new Int32Array(ids.reduce((most, id) => Math.max(most, id), 0) + 1).fill(-1);
  ids.forEach((id, index) => {
    positionOf[id] = index;
  });
  const position = (id: number) => (id < positionOf.length ? (positionOf[id] as number) : -1);
  const keep: number[] = [];
  for (let index = 0; index < edges.from.length; index++) {
    if (position(edges.from[index] as number) >= 0 && position(edges.to[index] as number) >= 0)
      keep.push(index);
  }
  return {
    from: Int32Array.from(keep, (index) => position(edges.from[index] as number)),
    to: Int32Array.from(keep, (index) => position(edges.to[index] as number)),
    weight: Float64Array.from(keep, (index) => edges.weight[index] as number),
  };
}
