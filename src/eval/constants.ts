/** Defaults of `deepresearch eval` that change behaviour, in one place. */

/** Longest prediction shown to the judge, in characters (a long report is cut, not refused). */
export const MAX_JUDGE_PREDICTION_CHARS = 12_000;
/** Resamples of the paired bootstrap in `eval compare`. */
export const BOOTSTRAP_RESAMPLES = 2000;
/** Characters of a local document shown as its search snippet. */
export const LOCAL_SNIPPET_CHARS = 240;
