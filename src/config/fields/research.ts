import { MODEL_PROVIDER_IDS } from '../../contract/index.js';
import type { ConfigField } from '../field.js';
import { researchConfigSchema } from '../schema.js';

const shape = researchConfigSchema.shape;
type ResearchKey = keyof typeof shape;

const research = (
  key: ResearchKey,
  rest: Omit<ConfigField, 'key' | 'groups' | 'schema'> & { groups?: ConfigField['groups'] },
): ConfigField => ({ key, groups: ['research'], schema: shape[key], ...rest });

/** The research options: ask's flags, and serve's defaults for the runs it starts. */
export const researchFields: readonly ConfigField[] = [
  research('model', {
    flag: 'model',
    kind: 'string',
    env: 'DEEPRESEARCH_MODEL',
    value: 'ID',
    help: `Model as provider:model, provider one of ${MODEL_PROVIDER_IDS.join(', ')}.`,
  }),
  research('plannerModel', {
    flag: 'planner-model',
    kind: 'string',
    env: 'DEEPRESEARCH_PLANNER_MODEL',
    value: 'ID',
    help: 'Model that plans and chooses actions (default: --model).',
  }),
  research('extractorModel', {
    flag: 'extractor-model',
    kind: 'string',
    env: 'DEEPRESEARCH_EXTRACTOR_MODEL',
    value: 'ID',
    help: 'Model that turns read pages into findings with quotes (default: --model).',
  }),
  research('evaluatorModel', {
    flag: 'evaluator-model',
    kind: 'string',
    env: 'DEEPRESEARCH_EVALUATOR_MODEL',
    value: 'ID',
    help: 'Model that reviews answers and checks claims against their quotes (default: --model).',
  }),
  research('writerModel', {
    flag: 'writer-model',
    kind: 'string',
    env: 'DEEPRESEARCH_WRITER_MODEL',
    value: 'ID',
    help: 'Model that writes the final answer or report (default: --model).',
  }),
  research('fallbackModels', {
    flag: 'fallback-model',
    kind: 'list',
    env: 'DEEPRESEARCH_FALLBACK_MODELS',
    value: 'ID',
    help: 'Model tried when the primary keeps failing (repeatable).',
  }),
  research('baseURL', {
    flag: 'base-url',
    kind: 'string',
    value: 'URL',
    help: "Server of --model's provider: vLLM, llama.cpp, LM Studio, Ollama, a proxy (default: the provider's variable, e.g. OPENAI_BASE_URL, OLLAMA_BASE_URL).",
  }),
  research('apiKey', {
    flag: 'api-key',
    kind: 'string',
    value: 'KEY',
    help: "Key of --model's provider, used for its models only (default: the provider's variable, e.g. OPENAI_API_KEY).",
  }),
  research('search', {
    flag: 'search',
    kind: 'list',
    env: 'DEEPRESEARCH_SEARCH',
    value: 'IDS',
    help: 'Search providers, comma-separated.',
  }),
  research('searxngUrl', {
    flag: 'searxng-url',
    kind: 'string',
    env: 'SEARXNG_URL',
    value: 'URL',
    help: 'Base URL of a SearXNG instance (for --search searxng).',
  }),
  research('allowHosts', {
    groups: ['research', 'read'],
    flag: 'allow-host',
    kind: 'list',
    env: 'DEEPRESEARCH_ALLOW_HOSTS',
    value: 'HOST:PORT',
    help: 'Let the reader reach this private or loopback host (repeatable).',
  }),
  research('browser', {
    groups: ['research', 'read'],
    flag: 'browser',
    kind: 'string',
    bare: 'auto',
    env: 'DEEPRESEARCH_BROWSER',
    value: '[PATH]',
    help: 'Render app-shell pages in headless Chromium/Chrome and screenshot pages read (alone: find one).',
  }),
  research('boostHosts', {
    flag: 'boost-host',
    kind: 'list',
    value: 'HOST',
    help: 'Prefer pages from this host (repeatable).',
  }),
  research('excludeHosts', {
    flag: 'exclude-host',
    kind: 'list',
    value: 'HOST',
    help: 'Never read or cite this host (repeatable).',
  }),
  research('onlyHosts', {
    flag: 'only-host',
    kind: 'list',
    value: 'HOST',
    help: 'Read and cite only these hosts (repeatable).',
  }),
  research('tokenBudget', {
    flag: 'token-budget',
    kind: 'integer',
    env: 'DEEPRESEARCH_TOKEN_BUDGET',
    value: 'N',
    help: 'Total tokens a run may use.',
  }),
  research('maxSteps', {
    flag: 'max-steps',
    kind: 'integer',
    env: 'DEEPRESEARCH_MAX_STEPS',
    value: 'N',
    help: 'Loop steps before a forced answer.',
  }),
  research('maxTimeSeconds', {
    flag: 'max-time',
    kind: 'integer',
    env: 'DEEPRESEARCH_MAX_TIME',
    value: 'SECONDS',
    help: 'Wall-clock cap of a run.',
  }),
  research('maxConsecutiveFailures', {
    flag: 'max-failures',
    kind: 'integer',
    value: 'N',
    help: 'Failed steps in a row before stopping.',
  }),
  research('maxAnswerAttempts', {
    flag: 'max-attempts',
    kind: 'integer',
    value: 'N',
    help: 'Answers the evaluator may reject.',
  }),
  research('breadth', {
    flag: 'breadth',
    kind: 'integer',
    env: 'DEEPRESEARCH_BREADTH',
    value: 'N',
    help: "Sub-questions researched at once, each by a sub-researcher drawing on the run's one budget and caps.",
  }),
  research('strategy', {
    flag: 'strategy',
    kind: 'string',
    env: 'DEEPRESEARCH_STRATEGY',
    value: 'NAME',
    help: "agent (the planner chooses each step; the engine's own policy replaces an unusable reply), pipeline (the engine's policy only, for small models) or auto (agent, then pipeline after the planner failed twice).",
  }),
  research('gapSteps', {
    flag: 'gap-steps',
    kind: 'integer',
    value: 'N',
    help: 'Steps to fill the gaps a critique finds before the answer is written (0: no critique).',
  }),
  research('extendSteps', {
    flag: 'extend-steps',
    kind: 'integer',
    value: 'N',
    help: 'Steps --max-steps may grow by, once, when sub-questions are still open.',
  }),
  research('maxReturnedUrls', {
    flag: 'max-returned-urls',
    kind: 'integer',
    value: 'N',
    help: 'Pages the answer may cite; citations of further pages are left out.',
  }),
  research('noDirectAnswer', {
    flag: 'no-direct-answer',
    kind: 'boolean',
    help: 'Always research; never accept a first-step answer.',
  }),
  research('minSupport', {
    flag: 'min-support',
    kind: 'number',
    value: 'SHARE',
    help: 'Share (0–1) of the answer’s factual sentences its quotes must support, before the unsupported ones are removed, for the run to end completed.',
  }),
  research('language', {
    flag: 'language',
    kind: 'string',
    env: 'DEEPRESEARCH_LANGUAGE',
    value: 'CODE',
    help: 'Answer language, and the language search queries are written in and sent with, e.g. en, de, pt-BR.',
  }),
  research('report', {
    flag: 'report',
    kind: 'boolean',
    help: 'Write a long structured report instead of a short answer.',
  }),
  research('reportWords', {
    flag: 'report-words',
    kind: 'integer',
    value: 'N',
    help: 'Words a --report aims for; written section by section.',
  }),
  research('contextTokens', {
    flag: 'context-tokens',
    kind: 'integer',
    env: 'DEEPRESEARCH_CONTEXT_TOKENS',
    value: 'N',
    help: 'Context window of the models in tokens (default: known per model, 8192 otherwise); sizes the evidence in each prompt.',
  }),
  research('structuredOutput', {
    flag: 'structured-output',
    kind: 'string',
    env: 'DEEPRESEARCH_STRUCTURED_OUTPUT',
    value: 'MODE',
    help: 'auto, json or tool: how models return structured replies; tool for servers without JSON mode.',
  }),
];
