/** Defaults of `deepresearch eval` that change behaviour, in one place. */

/** Longest prediction shown to the judge, in characters (a long report is cut, not refused). */
export const MAX_JUDGE_PREDICTION_CHARS = 12_000;
/** Resamples of the paired bootstrap in `eval compare`. */
export const BOOTSTRAP_RESAMPLES = 2000;
/** Characters of a local document shown as its search snippet. */
export const LOCAL_SNIPPET_CHARS = 240;
/**
 * What one request of the server reads of an evaluation folder: the first `MAX_RESULTS_READ_BYTES`
 * of `results.jsonl`, at most `MAX_RESULTS_READ_LINES` of its lines, and an `eval.json` of at most
 * `MAX_EVAL_FILE_BYTES`. An evaluation of 20,000 questions fits; a bigger file is cut and says so.
 */
export const MAX_RESULTS_READ_BYTES = 32 * 1024 * 1024;
export const MAX_RESULTS_READ_LINES = 20_000;
export const MAX_EVAL_FILE_BYTES = 1024 * 1024;
