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

/** Seeded PRNG (mulberry32): every configuration sees the same latencies. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

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
  const next = random(seed);
  const latency = () => (MODEL_MS[0] + next() * (MODEL_MS[1] - MODEL_MS[0])) * scale;
  return towerModel(target, { ...tokens, latency });
}
