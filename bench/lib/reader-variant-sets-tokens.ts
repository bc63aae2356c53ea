/**
 * The variant set of `bench/reader-folds.ts` for lane tokens (2026-12-03, `--variants tokens`): class
 * tokens read by how they are built before the boilerplate patterns judge them (`token-readings.ts`:
 * a negated word, a style utility, a hidden part of the box), off against on (`classTokens`), and on
 * with hiding on small screens read as hiding nothing (`smallScreens`).
 */
import type { Variant } from './reader-variant-sets.js';

export const tokensVariantSets: Record<string, Variant[]> = {
  tokens: [
    { name: 'tokens off', classTokens: false },
    { name: 'tokens on', classTokens: { smallScreens: false } },
    { name: 'tokens + small screens', classTokens: { smallScreens: true } },
  ],
};
