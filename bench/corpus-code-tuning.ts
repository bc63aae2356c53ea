/**
 * How the weights of code-aware ranking (`RANKING_WEIGHTS`) were chosen, and how well that choice
 * carries to a repository it did not see. On the `tune` repositories of bench/corpus-code.ts only:
 * coordinate ascent over a small grid per weight, from neutral weights (no priors, no expansion) and
 * from the middle of every grid, maximising Recall@10 + MRR averaged over the training repositories
 * (lexical mode). Leave one repository
 * out: each fold chooses on the other repositories and scores the one left out; then one choice on
 * all of them, the weights to keep. The held-out repositories are never read here.
 * `--knobs feedback` chooses only the listed weights, the others fixed at `RANKING_WEIGHTS`: how a
 * new weight carries to a repository it did not see, without choosing every other one again.
 * Usage: npx tsx bench/corpus-code-tuning.ts [--passes 2] [--knobs feedback]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { RANKING_WEIGHTS } from '../src/corpus/constants.js';
import { openIndexDatabase } from '../src/corpus/database/index.js';
import { ensureCorpus } from '../src/corpus/index.js';
import { loadRankingContext, type RankingWeights } from '../src/corpus/search/index.js';
import { rankChunks } from '../src/corpus/search/rank-chunks.js';
import {
  type CodeRepository,
  codeRepositories,
  cpuSeconds,
  hasCommit,
  materialize,
  scoreFiles,
} from './lib/corpus-repositories.js';
import { mean } from './lib/retrieval-metrics.js';

const flag = (name: string) => {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
};
const passes = Number(flag('--passes') ?? 2);
/** `--knobs a,b`: only these weights are chosen, from `RANKING_WEIGHTS` (each listed one at its first value). */
const onlyKnobs = flag('--knobs')?.split(',');

/** One tunable weight: how to read it, set it, and the values tried. */
interface Knob {
  name: string;
  values: readonly number[];
  get(weights: RankingWeights): number;
  set(weights: RankingWeights, value: number): RankingWeights;
}

const role = (name: 'test' | 'generated' | 'declaration' | 'docs' | 'data'): Knob => ({
  name: `roles.${name}`,
  values: [0.1, 0.25, 0.5, 0.75, 1],
  get: (weights) => weights.roles[name],
  // Fixtures are test data: they go with tests (none of the tuning repositories has many).
  set: (weights, value) => ({
    ...weights,
    roles: { ...weights.roles, [name]: value, ...(name === 'test' ? { fixture: value } : {}) },
  }),
});
const plain = (
  name:
    | 'entry'
    | 'centrality'
    | 'definition'
    | 'plainWord'
    | 'expansion'
    | 'fileName'
    | 'fileSupport'
    | 'feedback',
  values: number[],
) => ({
  name,
  values,
  get: (weights: RankingWeights) => weights[name],
  set: (weights: RankingWeights, value: number) => ({ ...weights, [name]: value }),
});

const KNOBS: readonly Knob[] = [
  role('generated'),
  role('declaration'),
  role('test'),
  role('docs'),
  role('data'),
  plain('entry', [0.5, 0.75, 1, 1.25, 1.5]),
  plain('centrality', [0, 0.05, 0.1, 0.2, 0.4]),
  plain('definition', [0, 0.25, 0.5, 1, 2]),
  plain('plainWord', [0, 0.25, 0.5, 1]),
  plain('expansion', [0, 0.25, 0.5, 1]),
  plain('fileName', [0, 0.25, 0.5, 1]),
  plain('fileSupport', [0, 0.1, 0.25, 0.5]),
  plain('feedback', [0, 0.5, 1, 1.5, 2]),
];

const CHOSEN_KNOBS = onlyKnobs ? KNOBS.filter((knob) => onlyKnobs.includes(knob.name)) : KNOBS;
if (onlyKnobs && CHOSEN_KNOBS.length !== onlyKnobs.length) {
  throw new Error(
    `--knobs: unknown name in ${onlyKnobs.join(',')}; known: ${KNOBS.map((knob) => knob.name).join(', ')}`,
  );
}

const NEUTRAL: RankingWeights = {
  roles: { source: 1, test: 1, fixture: 1, generated: 1, declaration: 1, docs: 1, data: 1 },
  entry: 1,
  centrality: 0,
  definition: 0,
  plainWord: 1,
  expansion: 0,
  wholeTerm: 1,
  fileName: 0,
  fileSupport: 0,
  feedback: 0,
};

/** An indexed tuning repository, open for ranking. */
interface Prepared {
  repository: CodeRepository;
  rank(query: string, weights: RankingWeights): Promise<string[]>;
}

async function prepare(repository: CodeRepository, base: string): Promise<Prepared> {
  const root = await materialize(repository, base);
  const indexPath = join(base, `${repository.name}.sqlite`);
  (await ensureCorpus({ root, indexPath })).corpus.close();
  const index = openIndexDatabase(indexPath);
  const context = loadRankingContext(index.db);
  const paths = new Map(
    (
      index.db.prepare('SELECT c.id, f.path FROM chunks c JOIN files f ON f.id = c.file_id').all() as Array<{
        id: number;
        path: string;
      }>
    ).map((row) => [row.id, row.path]),
  );
  return {
    repository,
    async rank(query, weights) {
      const ranked = await rankChunks({
        index,
        context,
        embedder: undefined,
        request: { query, mode: 'lexical', limit: 100 },
        weights,
      });
      return ranked.map((entry) => paths.get(entry.chunkId) ?? '');
    },
  };
}

/**
 * Each repository's Recall@10 and MRR by weights: ranking is deterministic, and the folds' ascents
 * ask for the same weights on the same repository again and again.
 */
const scoresSeen = new Map<string, { recall: number; mrr: number }>();

async function scoreRepository(prepared: Prepared, weights: RankingWeights) {
  const key = `${prepared.repository.name} ${JSON.stringify(weights)}`;
  const seen = scoresSeen.get(key);
  if (seen) return seen;
  const outcomes = [];
  for (const question of prepared.repository.questions) {
    outcomes.push(scoreFiles(await prepared.rank(question.query, weights), question.files));
  }
  const scores = {
    recall: mean(outcomes.map((outcome) => outcome.recall)),
    mrr: mean(outcomes.map((outcome) => outcome.reciprocalRank)),
  };
  scoresSeen.set(key, scores);
  return scores;
}

/** Recall@10 and MRR of each repository, averaged over `repositories` (each counts the same). */
async function evaluate(repositories: readonly Prepared[], weights: RankingWeights) {
  const recall: number[] = [];
  const reciprocal: number[] = [];
  for (const prepared of repositories) {
    const scores = await scoreRepository(prepared, weights);
    recall.push(scores.recall);
    reciprocal.push(scores.mrr);
  }
  return { recall: mean(recall), mrr: mean(reciprocal), objective: mean(recall) + mean(reciprocal) };
}

/** Every knob at the middle of its values: the other starting point, as uninformed as `NEUTRAL`. */
const MIDDLE = KNOBS.reduce(
  (weights, knob) => knob.set(weights, knob.values[Math.floor(knob.values.length / 2)] as number),
  NEUTRAL,
);

/**
 * Coordinate ascent from `NEUTRAL` and from `MIDDLE`: each knob in turn set to its best value,
 * `passes` times; the better of the two ends (greedy ascent stops where no single knob helps, and
 * the priors help most together).
 */
async function choose(repositories: readonly Prepared[]): Promise<RankingWeights> {
  const ends = [];
  // With --knobs: from RANKING_WEIGHTS, each chosen knob at its first value (0: the mechanism off).
  const fixed = CHOSEN_KNOBS.reduce(
    (weights, knob) => knob.set(weights, knob.values[0] as number),
    RANKING_WEIGHTS,
  );
  for (const start of onlyKnobs ? [fixed] : [NEUTRAL, MIDDLE]) ends.push(await ascend(repositories, start));
  return ends.reduce((best, end) => (end.objective > best.objective ? end : best)).weights;
}

async function ascend(repositories: readonly Prepared[], start: RankingWeights) {
  let weights = start;
  let best = (await evaluate(repositories, weights)).objective;
  for (let pass = 0; pass < passes; pass++) {
    for (const knob of CHOSEN_KNOBS) {
      for (const value of knob.values) {
        if (value === knob.get(weights)) continue;
        const candidate = knob.set(weights, value);
        const { objective } = await evaluate(repositories, candidate);
        // Ties keep the current value: no weight moves without a gain on the training questions.
        if (objective > best + 1e-9) {
          best = objective;
          weights = candidate;
        }
      }
    }
  }
  return { weights, objective: best };
}

const describe = (weights: RankingWeights) =>
  KNOBS.map((knob) => `${knob.name} ${knob.get(weights)}`).join(', ');
const figures = (scores: { recall: number; mrr: number }) =>
  `Recall@10 ${scores.recall.toFixed(3)} MRR ${scores.mrr.toFixed(3)}`;

const base = await mkdtemp(join(tmpdir(), 'corpus-tuning-'));
try {
  const tuning = (await codeRepositories()).filter(
    (repository) =>
      repository.split === 'tune' && (!('git' in repository.source) || hasCommit(repository.source.git)),
  );
  const prepared: Prepared[] = [];
  const foldWeights: RankingWeights[] = [];
  for (const repository of tuning) prepared.push(await prepare(repository, base));
  console.log(`tuning repositories: ${tuning.map((repository) => repository.name).join(', ')}`);
  for (const left of prepared) {
    const training = prepared.filter((entry) => entry !== left);
    const [wall, cpu] = [performance.now(), process.cpuUsage()];
    const chosen = await choose(training);
    foldWeights.push(chosen);
    console.log(
      `left out ${left.repository.name}: chosen in ${((performance.now() - wall) / 1000).toFixed(0)} s, ${cpuSeconds(cpu).toFixed(0)} s CPU (${loadavg()[0]?.toFixed(1)} load)`,
    );
    const [neutral, tuned, kept] = [NEUTRAL, chosen, RANKING_WEIGHTS].map((weights) =>
      evaluate([left], weights),
    );
    console.log(`left out ${left.repository.name}: chosen on the others: ${describe(chosen)}`);
    console.log(
      `  on ${left.repository.name}: neutral ${figures(await neutral!)} | chosen without it ${figures(await tuned!)} | RANKING_WEIGHTS ${figures(await kept!)}`,
    );
  }
  const spread = (values: number[]) => `${Math.min(...values).toFixed(3)}–${Math.max(...values).toFixed(3)}`;
  for (const [label, weightsOf] of [
    ["each fold's weights chosen on the others", (at: number) => foldWeights[at] as RankingWeights],
    ['RANKING_WEIGHTS', () => RANKING_WEIGHTS],
  ] as const) {
    const folds = [];
    for (const [at, left] of prepared.entries()) folds.push(await evaluate([left], weightsOf(at)));
    const [recall, mrr] = [folds.map((fold) => fold.recall), folds.map((fold) => fold.mrr)];
    console.log(
      `leave one repository out, ${label}: mean ${figures({ recall: mean(recall), mrr: mean(mrr) })}, spread Recall@10 ${spread(recall)}, MRR ${spread(mrr)}`,
    );
  }
  const chosen = await choose(prepared);
  console.log(`chosen on all tuning repositories: ${describe(chosen)}`);
  console.log(
    `  on them: ${figures(await evaluate(prepared, chosen))} (neutral ${figures(await evaluate(prepared, NEUTRAL))})`,
  );
  console.log(`RANKING_WEIGHTS: ${describe(RANKING_WEIGHTS)}`);
} finally {
  await rm(base, { recursive: true, force: true });
}
