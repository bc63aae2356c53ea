/**
 * Engine-internal limits that keep prompts and events bounded. Defaults a user can change live in
 * `config/constants.ts`; these only shape how much context the models see.
 */

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
/** Characters of one search query kept; longer model output is cut (engines ignore the rest anyway). */
export const MAX_QUERY_CHARS = 300;
/** Results asked per query for an `explore` sub-question, which wants breadth (others: the default). */
export const EXPLORE_RESULTS_PER_QUERY = 20;
/** Multiplier of a candidate URL's score for each earlier candidate of its host (host diversity). */
export const SAME_HOST_DECAY = 0.6;
/** Maximum output tokens of a structured model step. */
export const STEP_MAX_OUTPUT_TOKENS = 4_000;
/** Maximum output tokens of the answer, of one report section, or of a revision. */
export const WRITER_MAX_OUTPUT_TOKENS = 8_000;

/** Characters of a passage when a page is cut for the extractor: small, so little beside a fact is shown. */
export const EXCERPT_PASSAGE_CHARS = 400;
/** Characters of one page the extractor sees at most: its passages most relevant to the sub-questions. */
export const PAGE_EXCERPT_CHARS = 6_000;
/** Fewest characters of a page worth showing the extractor; below this, pages go in several calls. */
export const MIN_PAGE_EXCERPT_CHARS = 1_500;
/** Findings kept per page of one extraction call; later ones are ignored. */
export const MAX_FINDINGS_PER_PAGE = 8;
/** Quotes kept per finding. */
export const MAX_QUOTES_PER_FINDING = 3;
/** Characters kept of a claim and of a quote (a longer quote is cut at a space: still verbatim). */
export const MAX_CLAIM_CHARS = 400;
export const MAX_QUOTE_CHARS = 600;
/** Output tokens of one extraction call. */
export const EXTRACT_MAX_OUTPUT_TOKENS = 3_000;

/**
 * Share of a model's context window (after the prompt's fixed parts and the output) that evidence
 * may fill, and share of the run's tokens left that one prompt's evidence may cost.
 */
export const EVIDENCE_CONTEXT_SHARE = 0.7;
export const EVIDENCE_TOKENS_LEFT_SHARE = 0.3;
/** Share of the tokens left that one extraction call's pages may cost. */
export const EXTRACTION_TOKENS_LEFT_SHARE = 0.2;
/** Tokens of findings the planner sees each step (claims only, no quotes). */
export const PLANNER_EVIDENCE_TOKENS = 2_500;
/** Most of an evidence budget one source may take. */
export const EVIDENCE_SOURCE_SHARE = 0.25;
/** Share of an evidence budget kept for notes summarising the findings that did not fit. */
export const OVERFLOW_NOTE_SHARE = 0.1;
/** Characters of the strict reviewer's source passages. */
export const STRICT_REVIEW_KNOWLEDGE_CHARS = 4_000;

/** Claims the evaluator judges in one call. */
export const CLAIMS_PER_JUDGE_CALL = 30;
/** A quote shorter than this (in words) supports a claim only if it holds the claim's number or name. */
export const MIN_QUOTE_WORDS = 5;

/** Passages one search_corpus action shows the planner (over all corpora). */
export const CORPUS_HITS_PER_SEARCH = 8;
/** Lines a read_file action reads when the planner gives no end line. */
export const READ_FILE_LINES = 120;
/** Most lines one read_file action reads, whatever range the planner asks for. */
export const MAX_READ_FILE_LINES = 400;
/** Definitions, references or call edges one resolve_symbol action shows. */
export const SYMBOL_RESULTS = 12;
/** Token budget of the repository map a read_map action shows. */
export const MAP_TOKENS = 800;
/** Last steps the planner sees in its diary (thought, action, observation). */
export const DIARY_STEPS_PER_PROMPT = 5;
/** Characters of a diary entry's thought and of its action's fields. */
export const DIARY_ACTION_CHARS = 240;
/** Characters of one observation in the diary. */
export const DIARY_OBSERVATION_CHARS = 200;

/** Perspectives a plan keeps; more are dropped (their sub-questions join the nearest kept one). */
export const MAX_PERSPECTIVES = 6;
/** Sub-questions a plan keeps, most important first. */
export const MAX_PLAN_SUB_QUESTIONS = 8;
/** New sub-questions one critique may add from its gaps; the rest are dropped. */
export const MAX_GAP_SUB_QUESTIONS = 3;

/** Window of the searches after a failed freshness check, when the question names no window of its own. */
export const FRESHNESS_RETRY_TIME_RANGE = 'year' as const;
/** Most results a search action may ask per query (its `limit`); more is clipped with a note. */
export const MAX_RESULTS_PER_QUERY = 30;
/** Most link levels a deep-read action may follow below its page (its `depth`); more is clipped with a note. */
export const MAX_DEEP_READ_DEPTH = 3;
/** Most pages a deep-read action may read, its start page included (its `limit`); more is clipped with a note. */
export const MAX_DEEP_READ_PAGES = 30;
/** Pages the default policy reads in one step for a sub-question (its best unread candidates). */
export const POLICY_READS_PER_STEP = 3;
/** Planner failures (unusable replies) after which the `auto` strategy switches to `pipeline`. */
export const AUTO_PIPELINE_AFTER_FAILURES = 2;

/** Findings one compute action may take as inputs. */
export const MAX_COMPUTE_INPUTS = 8;

/** Past runs whose findings a run's planner is given (the `followUpOf` run comes on top). */
export const MEMORY_RUNS = 3;
/** Remembered findings the planner is shown in all, the most similar runs' first. */
export const MEMORY_PROMPT_FINDINGS = 12;
/** Sources of earlier answers of the conversation (`priorTurns`) a run reads again, at most: the latest answers' first. */
export const MAX_PRIOR_REFERENCES = 12;
/** Characters of an earlier answer of the conversation the planner is shown. */
export const PRIOR_ANSWER_PROMPT_CHARS = 1_200;
/**
 * Share of the question's distinct terms a past run (its question, sub-questions and claims) must
 * contain to count as similar: below it a run is unrelated, however it ranks.
 */
export const MEMORY_MIN_TERM_SHARE = 0.5;
/** Cosine similarity of the questions' embeddings that also makes a past run similar (with --embed-model). */
export const MEMORY_MIN_COSINE = 0.8;
/** Cosine similarity (tf-idf of title and snippet) at which a candidate joins a topic cluster. */
export const CLUSTER_SIMILARITY = 0.2;
/** Topic clusters the planner's candidate list is grouped into at most ("other topics" is the last). */
export const MAX_CANDIDATE_CLUSTERS = 5;
/** Words of a topic cluster's label. */
export const CLUSTER_LABEL_TERMS = 3;
/** Images a run's result lists at most (`ResearchResult.images`): the cited pages' first. */
export const MAX_RUN_IMAGES = 24;
