/**
 * Choices of the support check that are fitted on data rather than derived from a mechanism.
 * `bench/claim-support-wice.ts` fits them on the training folds of a cross-validation split by
 * article, by a rule it states, and reports each held-out fold under its own training folds' choice.
 * The defaults are the candidate that rule chose on the training folds of every split (5 of 5 when
 * they were set; the bench prints the count), so no figure it reports was fitted on the fold it
 * measures.
 */
export interface SupportTuning {
  /**
   * Other facts of a sentence its quotes must hold before one name or year they lack counts as
   * context the writer added ("… enlisted at Woodstock, early in World War I"); 0 turns the
   * allowance off.
   */
  partialMinFound: number;
  /**
   * Least share (0–1) of the sentence's content words that its quotes, the question and the
   * context must hold; under it the quotes speak of something else (`off-topic`). 0 turns it off.
   */
  minCoverage: number;
  /**
   * The relational rules applied, by name (`preposition`, `dimension`, `counted-noun`, `event`,
   * `year`, `place`, `subject`, `roles`; see `relation-rules.ts`, `subjects.ts`, `roles.ts`).
   */
  relations: readonly string[];
}

/**
 * The shipped choices: what the training folds of each split chose (see `bench/claim-support-wice.ts`
 * and docs/benchmarks.md for the rule and the held-out figures).
 */
export const DEFAULT_SUPPORT_TUNING: Readonly<SupportTuning> = {
  partialMinFound: 3,
  minCoverage: 0.25,
  relations: ['preposition', 'dimension', 'counted-noun', 'event', 'year', 'place', 'subject', 'roles'],
};
