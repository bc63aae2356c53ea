import { seededRandom } from '../../src/shared/index.js';
import {
  type TowerModelOptions,
  type TowerWorld,
  towerModel,
  towerWorld,
} from '../../src/testing/tower-world.js';

/**
 * Latencies like real services for the tower world of `src/testing/tower-world.ts` (used by
 * `bench/breadth.ts` and `bench/memory.ts`): model calls 0.8–3 s, a search 0.6 s, a page 0.4 s.
 */
export const MODEL_MS = [800, 3000] as const;
export const SEARCH_MS = 600;
export const PAGE_MS = 400;

/** The four-topic tower world the benches measure. */
export const world: TowerWorld = towerWorld(4);
export const { question: QUESTION, pages, search } = world;

/** The tower world's model with seeded latencies of `MODEL_MS` times `scale`, costing as `tokens` says. */
export function towerModelAt(
  seed: number,
  scale: number,
  target: TowerWorld = world,
  tokens: Omit<TowerModelOptions, 'latency'> = {},
) {
  const next = seededRandom(seed);
  const latency = () => (MODEL_MS[0] + next() * (MODEL_MS[1] - MODEL_MS[0])) * scale;
  return towerModel(target, { ...tokens, latency });
}
