import { z } from 'zod';
import { ARCHIVE_MODES, MODEL_PROVIDER_IDS, RESEARCH_STRATEGIES } from '../contract/index.js';
import {
  DEFAULT_ARCHIVE_MAX_MB,
  DEFAULT_BREADTH,
  DEFAULT_DEPTH,
  DEFAULT_EXTEND_STEPS,
  DEFAULT_GAP_STEPS,
  DEFAULT_MAX_ANSWER_ATTEMPTS,
  DEFAULT_MAX_CONSECUTIVE_FAILURES,
  DEFAULT_MAX_REPEATED_ACTIONS,
  DEFAULT_MAX_RETURNED_URLS,
  DEFAULT_MAX_STEPS,
  DEFAULT_MAX_TIME_SECONDS,
  DEFAULT_MIN_SUPPORT,
  DEFAULT_MODEL,
  DEFAULT_REPORT_WORDS,
  DEFAULT_SEARCH_PROVIDERS,
  DEFAULT_TOKEN_BUDGET,
  MAX_BREADTH,
  MAX_DEPTH,
} from './constants.js';
import { priorTurnsSchema } from './prior-turns.js';
import { readTemperatures } from './temperature.js';
import { httpUrl, modelId, numberBetween, positiveWholeNumber, wholeNumberBetween } from './value-schemas.js';
import { expectedWords } from './values.js';

// Every message below is what a value must be, the words after "must be": each surface (CLI, API)
// puts them in its own sentence, e.g. `Invalid value for --max-steps: must be …, got "-3".`

const hostname = z
  .string(expectedWords('a host name'))
  .min(1, expectedWords('a host name'))
  .regex(/^[^\s/]+$/, expectedWords('a host name without scheme or path, e.g. "example.com"'));

/** `host:port` (or a bare host) that the reader may reach even though it is private or loopback. */
const allowedHost = z
  .string(expectedWords('"host:port"'))
  .regex(/^(\[[0-9a-fA-F:.]+\]|[^\s/:]+)(:\d{1,5})?$/, expectedWords('"host:port", e.g. "127.0.0.1:8080"'));

const languageCode = z
  .string(expectedWords('a language code such as "en" or "pt-BR"'))
  .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, expectedWords('a language code such as "en" or "pt-BR"'));

/**
 * Sampling temperature of the model calls: a number (every role), the text of the flag
 * ("0.3,writer=0.7") or an object `{ default?, planner?, extractor?, evaluator?, writer? }`.
 */
const temperatureSchema = z.unknown().transform((value, context) => {
  const read = readTemperatures(value);
  if (typeof read === 'string') {
    context.addIssue({ code: 'custom', message: read, input: value });
    return z.NEVER;
  }
  return read;
});

const list = <T extends z.ZodType>(item: T, what: string) =>
  z.array(item, expectedWords(`a list of ${what}`));
const flag = () => z.boolean(expectedWords('true or false'));

/**
 * Everything that shapes a run, validated. The CLI (flags > env > config file > defaults), the
 * server's request bodies and the library all build this same object.
 */
export const researchConfigSchema = z
  .object({
    model: modelId.default(DEFAULT_MODEL).describe('Model for every role unless a role has its own.'),
    plannerModel: modelId.optional().describe('Model that plans and chooses actions (default: model).'),
    extractorModel: modelId
      .optional()
      .describe('Model that turns read pages into findings with quotes (default: model).'),
    evaluatorModel: modelId
      .optional()
      .describe('Model that reviews answers and checks claims against quotes (default: model).'),
    writerModel: modelId
      .optional()
      .describe('Model that writes the final answer or report (default: model).'),
    fallbackModels: list(modelId, 'model ids')
      .default([])
      .describe('Models tried in order when the primary keeps failing.'),
    temperature: temperatureSchema
      .optional()
      .describe(
        "Sampling temperature of the model calls: one for every role, a role's own over it (planner, extractor, evaluator, writer); default: the provider's.",
      ),
    baseURL: httpUrl
      .optional()
      .describe('Base URL of the key provider (openai, openai-compatible, ollama); see keyProvider.'),
    apiKey: z
      .string(expectedWords('a non-empty key'))
      .min(1, expectedWords('a non-empty key'))
      .optional()
      .describe('API key of the key provider; default from its env variable. See keyProvider.'),
    keyProvider: z
      .string(expectedWords(`a model provider id (${MODEL_PROVIDER_IDS.join(', ')})`))
      .regex(/^[a-z][a-z0-9-]*$/, expectedWords(`a model provider id (${MODEL_PROVIDER_IDS.join(', ')})`))
      .optional()
      .describe(
        "Provider that apiKey and baseURL belong to (default: the provider of model). Models of other providers use their provider's own variables.",
      ),
    search: list(z.string().min(1, expectedWords('a search provider id')), 'search provider ids')
      .min(1, expectedWords('at least one search provider id'))
      .default([...DEFAULT_SEARCH_PROVIDERS])
      .describe('Search provider ids, fanned out and merged.'),
    searxngUrl: httpUrl.optional().describe('Base URL of a SearXNG instance.'),
    allowHosts: list(allowedHost, '"host:port" entries')
      .default([])
      .describe('Private/loopback hosts the reader may reach.'),
    browser: z
      .string(expectedWords('"auto" or the path of a Chromium or Chrome executable'))
      .trim()
      .min(1, expectedWords('"auto" or the path of a Chromium or Chrome executable'))
      .optional()
      .describe(
        'Render pages whose HTML has no main content in a headless Chromium/Chrome, and screenshot every page read: "auto" finds one, or its path. Off when absent.',
      ),
    boostHosts: list(hostname, 'host names').default([]).describe('Hosts ranked first in the URL pool.'),
    excludeHosts: list(hostname, 'host names').default([]).describe('Hosts never read or cited.'),
    onlyHosts: list(hostname, 'host names')
      .default([])
      .describe('When set, only these hosts are read or cited.'),
    corpus: list(
      z.string(expectedWords('a folder path')).trim().min(1, expectedWords('a folder path')),
      'folder paths',
    )
      .default([])
      .describe(
        'Local folders of documents or code researched with the corpus tools (the web is off unless web is set).',
      ),
    corpora: list(
      z
        .string(expectedWords('a corpus id'))
        .regex(/^[a-z0-9._-]+$/, expectedWords('a corpus id as GET /api/corpora lists it')),
      'corpus ids',
    )
      .default([])
      .describe(
        'Ids of corpora the server registered (GET /api/corpora) that the run researches; a library caller names ids of the corpora it passes in the runtime.',
      ),
    web: flag().default(false).describe('Also search and read the web when researching a corpus.'),
    embedModel: modelId
      .optional()
      .describe('Embedding model for semantic corpus search, e.g. "ollama:nomic-embed-text".'),
    embedBaseURL: httpUrl
      .optional()
      .describe('Base URL of the embedding server (openai-compatible, ollama).'),
    tokenBudget: positiveWholeNumber(100_000_000)
      .default(DEFAULT_TOKEN_BUDGET)
      .describe('Total tokens one run may use.'),
    maxSteps: positiveWholeNumber(1000)
      .default(DEFAULT_MAX_STEPS)
      .describe('Loop steps before a forced answer.'),
    maxTimeSeconds: positiveWholeNumber(86_400)
      .default(DEFAULT_MAX_TIME_SECONDS)
      .describe('Wall-clock cap in seconds.'),
    maxConsecutiveFailures: positiveWholeNumber(100).default(DEFAULT_MAX_CONSECUTIVE_FAILURES),
    maxAnswerAttempts: positiveWholeNumber(100).default(DEFAULT_MAX_ANSWER_ATTEMPTS),
    maxRepeatedActions: positiveWholeNumber(100).default(DEFAULT_MAX_REPEATED_ACTIONS),
    breadth: wholeNumberBetween(1, MAX_BREADTH)
      .default(DEFAULT_BREADTH)
      .describe(
        "Open sub-questions researched at once, each by a sub-researcher drawing on the run's one budget.",
      ),
    depth: wholeNumberBetween(0, MAX_DEPTH)
      .default(DEFAULT_DEPTH)
      .describe(
        'Levels of follow-up queries generated from what each level of a sub-question learned (0: none).',
      ),
    branch: flag()
      .default(true)
      .describe(
        "Branch a sub-question's research when its line yields nothing: other formulations, scored by the findings they gain per token.",
      ),
    strategy: z
      .enum(RESEARCH_STRATEGIES, expectedWords(`one of ${RESEARCH_STRATEGIES.join(', ')}`))
      .default('auto')
      .describe(
        "How actions are chosen: agent (the planner, with the engine's default policy when its reply is unusable), pipeline (the default policy only, for small models) or auto (agent, then pipeline after the planner failed twice).",
      ),
    gapSteps: wholeNumberBetween(0, 20)
      .default(DEFAULT_GAP_STEPS)
      .describe('Steps to fill the gaps a critique finds before the answer is written.'),
    extendSteps: wholeNumberBetween(0, 1000)
      .default(DEFAULT_EXTEND_STEPS)
      .describe('Steps the step cap may grow by, once, when gaps remain.'),
    maxReturnedUrls: positiveWholeNumber(100).default(DEFAULT_MAX_RETURNED_URLS),
    noDirectAnswer: flag().default(false).describe('Never accept a first-step answer without research.'),
    compute: flag()
      .default(true)
      .describe(
        "Offer the compute action: small JavaScript programs over findings' figures, run in a WebAssembly sandbox.",
      ),
    archive: z
      .enum(ARCHIVE_MODES, expectedWords(`one of ${ARCHIVE_MODES.join(', ')}`))
      .default('cited')
      .describe(
        'Which pages the run keeps as WARC records (request, response headers, body as received): those its answer cites, every page it read, or none.',
      ),
    archiveMaxMb: numberBetween(0.1, 10_000)
      .default(DEFAULT_ARCHIVE_MAX_MB)
      .describe("Bound on the run's archive in MB; pages past it are left out, and the result says which."),
    minSupport: numberBetween(0, 1)
      .default(DEFAULT_MIN_SUPPORT)
      .describe(
        'Share (0–1) of the answer’s factual sentences that must be supported by their quotes for the run to end completed.',
      ),
    language: languageCode.optional().describe('Language of the answer and preferred search language.'),
    searchLanguage: languageCode
      .optional()
      .describe(
        'Language the searches are made in (queries and the providers that filter by language), when it differs from the answer language; default: language.',
      ),
    clarify: flag()
      .default(false)
      .describe(
        'Ask up to three clarifying questions first when the question is ambiguous or underspecified.',
      ),
    answers: list(
      z
        .string(expectedWords('an answer of at most 1000 characters'))
        .trim()
        .min(1, expectedWords('a non-empty answer'))
        .max(1_000, expectedWords('an answer of at most 1000 characters')),
      'answers',
    )
      .max(3, expectedWords('at most 3 answers'))
      .default([])
      .describe(
        'Clarifications given up front, each standing alone ("the 2023 season, in Europe"): with clarify, no questions are asked and these are used instead.',
      ),
    reviewPlan: flag()
      .default(false)
      .describe('Show the plan (perspectives, sub-questions, intents) for review before any research.'),
    report: flag().default(false).describe('Write a long structured report instead of a short answer.'),
    memory: flag()
      .default(true)
      .describe(
        "Draw on similar earlier runs' findings as prior knowledge (never cited until re-read), and be remembered.",
      ),
    followUpOf: z
      .string(expectedWords('a run id'))
      .trim()
      .min(1, expectedWords('a run id'))
      .max(200, expectedWords('a run id'))
      .optional()
      .describe('Id of an earlier run this one follows up: its memory is always drawn on.'),
    priorTurns: priorTurnsSchema
      .optional()
      .describe(
        "Earlier answers of the conversation this question continues (oldest first), with the sources they cited: prior context for the planner, and sources read again instead of searched for; the client's claims, never evidence until re-read.",
      ),
    reportWords: positiveWholeNumber(50_000)
      .default(DEFAULT_REPORT_WORDS)
      .describe('Words a report aims for; it is written section by section.'),
    contextTokens: wholeNumberBetween(2_048, 10_000_000)
      .optional()
      .describe(
        'Context window of the models in tokens (default: from the model table, 8192 for models it does not know); sizes the evidence each prompt gets.',
      ),
    structuredOutput: z
      .enum(['auto', 'json', 'tool'], expectedWords('one of auto, json, tool'))
      .default('auto')
      .describe(
        "How models are asked for structured output: auto (the provider's preference, JSON mode for the built-ins), json (JSON mode, schema in the prompt) or tool (one forced tool call, for servers without JSON mode).",
      ),
  })
  .strict();

/** The validated options of a run, every default filled in. */
export type ResearchConfig = z.output<typeof researchConfigSchema>;
/** What a caller may pass: every field optional, defaults filled in by validation. */
export type ResearchConfigInput = z.input<typeof researchConfigSchema>;

/** Keys of the research options, in schema order. */
export const researchConfigKeys = Object.keys(researchConfigSchema.shape) as (keyof ResearchConfig)[];
