/**
 * Engine-internal limits that keep prompts and events bounded. Defaults a user can change live in
 * `config/constants.ts`; these only shape how much context the models see.
 */

/** Characters of source passages given to a model in one prompt. */
export const KNOWLEDGE_CHARS_PER_PROMPT = 8_000;
/** Characters of one passage when a source's text is split for ranking. */
export const PASSAGE_CHARS = 800;
/** Non-source knowledge items (feedback, notes) shown in one prompt, newest first. */
export const NOTES_PER_PROMPT = 12;
/** URLs of the pool listed for the planner to choose reads from. */
export const POOL_URLS_PER_PROMPT = 15;
/** Characters of a source kept in its `source-summary` knowledge item. */
export const SOURCE_SUMMARY_CHARS = 600;
/** Earlier queries listed in the planner prompt so it does not repeat them. */
export const QUERIES_PER_PROMPT = 30;
/** Score multiplier for URLs on a `boostHosts` host. */
export const BOOST_HOST_FACTOR = 3;
/** Maximum output tokens of a structured model step. */
export const STEP_MAX_OUTPUT_TOKENS = 4_000;
/** Maximum output tokens of the final answer or report. */
export const WRITER_MAX_OUTPUT_TOKENS = 8_000;
