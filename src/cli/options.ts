/**
 * The research flags of the CLI, each tied to the config field it sets and the environment
 * variable that supplies it when the flag is absent. One table drives parsing, env loading, help
 * and error messages, so a flag cannot exist in one place and be missing in another.
 */
export type OptionValueKind = 'string' | 'list' | 'integer' | 'boolean';

export interface ResearchFlag {
  /** Long flag name without dashes. */
  flag: string;
  /** Field of the research config it sets. */
  field: string;
  kind: OptionValueKind;
  /** Environment variable read when the flag is not given. */
  env?: string;
  /** Placeholder shown in help. */
  value?: string;
  help: string;
}

export const researchFlags: readonly ResearchFlag[] = [
  {
    flag: 'model',
    field: 'model',
    kind: 'string',
    env: 'DEEPRESEARCH_MODEL',
    value: 'ID',
    help: 'Model as provider:model (openai, anthropic, google, openrouter, ollama, openai-compatible). Default openai:gpt-4o-mini.',
  },
  {
    flag: 'planner-model',
    field: 'plannerModel',
    kind: 'string',
    env: 'DEEPRESEARCH_PLANNER_MODEL',
    value: 'ID',
    help: 'Model that plans and chooses actions (default: --model).',
  },
  {
    flag: 'extractor-model',
    field: 'extractorModel',
    kind: 'string',
    env: 'DEEPRESEARCH_EXTRACTOR_MODEL',
    value: 'ID',
    help: 'Model that turns read pages into findings with quotes (default: --model).',
  },
  {
    flag: 'evaluator-model',
    field: 'evaluatorModel',
    kind: 'string',
    env: 'DEEPRESEARCH_EVALUATOR_MODEL',
    value: 'ID',
    help: 'Model that reviews answers and checks claims against their quotes (default: --model).',
  },
  {
    flag: 'writer-model',
    field: 'writerModel',
    kind: 'string',
    env: 'DEEPRESEARCH_WRITER_MODEL',
    value: 'ID',
    help: 'Model that writes the final answer or report (default: --model).',
  },
  {
    flag: 'fallback-model',
    field: 'fallbackModels',
    kind: 'list',
    env: 'DEEPRESEARCH_FALLBACK_MODELS',
    value: 'ID',
    help: 'Model tried when the primary keeps failing (repeatable).',
  },
  {
    flag: 'base-url',
    field: 'baseURL',
    kind: 'string',
    env: 'OPENAI_BASE_URL',
    value: 'URL',
    help: 'Base URL of an OpenAI-compatible server (vLLM, llama.cpp, LM Studio, Ollama, a proxy).',
  },
  {
    flag: 'api-key',
    field: 'apiKey',
    kind: 'string',
    value: 'KEY',
    help: "Model provider key (default: the provider's variable, e.g. OPENAI_API_KEY).",
  },
  {
    flag: 'search',
    field: 'search',
    kind: 'list',
    env: 'DEEPRESEARCH_SEARCH',
    value: 'IDS',
    help: 'Search providers, comma-separated (default: duckduckgo,wikipedia).',
  },
  {
    flag: 'searxng-url',
    field: 'searxngUrl',
    kind: 'string',
    env: 'SEARXNG_URL',
    value: 'URL',
    help: 'Base URL of a SearXNG instance (for --search searxng).',
  },
  {
    flag: 'allow-host',
    field: 'allowHosts',
    kind: 'list',
    env: 'DEEPRESEARCH_ALLOW_HOSTS',
    value: 'HOST:PORT',
    help: 'Let the reader reach this private or loopback host (repeatable).',
  },
  {
    flag: 'boost-host',
    field: 'boostHosts',
    kind: 'list',
    value: 'HOST',
    help: 'Prefer pages from this host (repeatable).',
  },
  {
    flag: 'exclude-host',
    field: 'excludeHosts',
    kind: 'list',
    value: 'HOST',
    help: 'Never read or cite this host (repeatable).',
  },
  {
    flag: 'only-host',
    field: 'onlyHosts',
    kind: 'list',
    value: 'HOST',
    help: 'Read and cite only these hosts (repeatable).',
  },
  {
    flag: 'token-budget',
    field: 'tokenBudget',
    kind: 'integer',
    env: 'DEEPRESEARCH_TOKEN_BUDGET',
    value: 'N',
    help: 'Total tokens a run may use (default 200000).',
  },
  {
    flag: 'max-steps',
    field: 'maxSteps',
    kind: 'integer',
    env: 'DEEPRESEARCH_MAX_STEPS',
    value: 'N',
    help: 'Loop steps before a forced answer (default 20).',
  },
  {
    flag: 'max-time',
    field: 'maxTimeSeconds',
    kind: 'integer',
    env: 'DEEPRESEARCH_MAX_TIME',
    value: 'SECONDS',
    help: 'Wall-clock cap of a run (default 600).',
  },
  {
    flag: 'max-failures',
    field: 'maxConsecutiveFailures',
    kind: 'integer',
    value: 'N',
    help: 'Failed steps in a row before stopping (default 4).',
  },
  {
    flag: 'max-attempts',
    field: 'maxAnswerAttempts',
    kind: 'integer',
    value: 'N',
    help: 'Answers the evaluator may reject (default 3).',
  },
  {
    flag: 'max-returned-urls',
    field: 'maxReturnedUrls',
    kind: 'integer',
    value: 'N',
    help: 'Pages the answer may cite (default 10); citations of further pages are left out.',
  },
  {
    flag: 'no-direct-answer',
    field: 'noDirectAnswer',
    kind: 'boolean',
    help: 'Always research; never accept a first-step answer.',
  },
  {
    flag: 'language',
    field: 'language',
    kind: 'string',
    env: 'DEEPRESEARCH_LANGUAGE',
    value: 'CODE',
    help: 'Answer language and preferred search language, e.g. en, de, pt-BR.',
  },
  {
    flag: 'report',
    field: 'report',
    kind: 'boolean',
    help: 'Write a long structured report instead of a short answer.',
  },
  {
    flag: 'report-words',
    field: 'reportWords',
    kind: 'integer',
    value: 'N',
    help: 'Words a --report aims for (default 1500); written section by section.',
  },
  {
    flag: 'context-tokens',
    field: 'contextTokens',
    kind: 'integer',
    env: 'DEEPRESEARCH_CONTEXT_TOKENS',
    value: 'N',
    help: 'Context window of the models in tokens (default: known per model, 8192 otherwise); sizes the evidence in each prompt.',
  },
  {
    flag: 'structured-output',
    field: 'structuredOutput',
    kind: 'string',
    env: 'DEEPRESEARCH_STRUCTURED_OUTPUT',
    value: 'MODE',
    help: 'auto (default), json or tool: how models return structured replies; tool for servers without JSON mode.',
  },
];

export function flagForField(field: string): ResearchFlag | undefined {
  return researchFlags.find((entry) => entry.field === field);
}
