/**
 * Choices of the support check that are fitted on data rather than derived from a mechanism.
 * `bench/claim-support-wice.ts` fits them on the training folds of a cross-validation split by
 * article and reports the held-out folds; the defaults are the choice made on all of WiCE dev.
 */
export interface SupportTuning {
  /**
   * Other facts of a sentence its quotes must hold before one name or year they lack counts as
   * context the writer added ("… enlisted at Woodstock, early in World War I"); 0 turns the
   * allowance off.
   */
  partialMinFound: number;
  /**
   * The relational rules applied, by name (`preposition`, `dimension`, `counted-noun`, `event`,
   * `year`, `place`, `subject`, `roles`; see `relation-rules.ts`, `subjects.ts`, `roles.ts`).
   */
  relations: readonly string[];
}

/** The shipped choices (see `bench/claim-support-wice.ts` and docs/benchmarks.md for how each was fitted). */
export const DEFAULT_SUPPORT_TUNING: Readonly<SupportTuning> = {
  partialMinFound: 2,
  relations: ['preposition', 'dimension', 'counted-noun', 'event', 'year', 'place', 'subject', 'roles'],
};
