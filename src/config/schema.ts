import { z } from 'zod';
import type { ModelRole } from '../contract/index.js';
import {
  DEFAULT_MAX_ANSWER_ATTEMPTS,
  DEFAULT_MAX_CONSECUTIVE_FAILURES,
  DEFAULT_MAX_REPEATED_ACTIONS,
  DEFAULT_MAX_RETURNED_URLS,
  DEFAULT_MAX_STEPS,
  DEFAULT_MAX_TIME_SECONDS,
  DEFAULT_MODEL,
  DEFAULT_REPORT_WORDS,
  DEFAULT_TOKEN_BUDGET,
} from './constants.js';

const modelId = z
  .string()
  .regex(
    /^[a-z][a-z0-9-]*:.+$/,
    'a model id is "provider:model", e.g. "openai:gpt-4o-mini" or "ollama:llama3.1"',
  );

const hostname = z
  .string()
  .min(1)
  .regex(/^[^\s/]+$/, 'a host name without scheme or path, e.g. "example.com"');

/** `host:port` (or a bare host) that the reader may reach even though it is private or loopback. */
const allowedHost = z
  .string()
  .min(1)
  .regex(
    /^(\[[0-9a-fA-F:.]+\]|[^\s/:]+)(:\d{1,5})?$/,
    'an allowed host is "host:port", e.g. "127.0.0.1:8080"',
  );

const positiveInt = (max: number) => z.number().int().positive().max(max);

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
    fallbackModels: z
      .array(modelId)
      .default([])
      .describe('Models tried in order when the primary keeps failing.'),
    baseURL: z
      .url()
      .optional()
      .describe('Base URL of an OpenAI-compatible server (openai-compatible, ollama).'),
    apiKey: z
      .string()
      .min(1)
      .optional()
      .describe('API key of the model provider; default from its env variable.'),
    search: z
      .array(z.string().min(1))
      .min(1)
      .default(['duckduckgo', 'wikipedia'])
      .describe('Search provider ids, fanned out and merged.'),
    searxngUrl: z.url().optional().describe('Base URL of a SearXNG instance.'),
    allowHosts: z.array(allowedHost).default([]).describe('Private/loopback hosts the reader may reach.'),
    boostHosts: z.array(hostname).default([]).describe('Hosts ranked first in the URL pool.'),
    excludeHosts: z.array(hostname).default([]).describe('Hosts never read or cited.'),
    onlyHosts: z.array(hostname).default([]).describe('When set, only these hosts are read or cited.'),
    tokenBudget: positiveInt(100_000_000)
      .default(DEFAULT_TOKEN_BUDGET)
      .describe('Total tokens one run may use.'),
    maxSteps: positiveInt(1000).default(DEFAULT_MAX_STEPS).describe('Loop steps before a forced answer.'),
    maxTimeSeconds: positiveInt(86_400)
      .default(DEFAULT_MAX_TIME_SECONDS)
      .describe('Wall-clock cap in seconds.'),
    maxConsecutiveFailures: positiveInt(100).default(DEFAULT_MAX_CONSECUTIVE_FAILURES),
    maxAnswerAttempts: positiveInt(100).default(DEFAULT_MAX_ANSWER_ATTEMPTS),
    maxRepeatedActions: positiveInt(100).default(DEFAULT_MAX_REPEATED_ACTIONS),
    maxReturnedUrls: positiveInt(100).default(DEFAULT_MAX_RETURNED_URLS),
    noDirectAnswer: z.boolean().default(false).describe('Never accept a first-step answer without research.'),
    language: z
      .string()
      .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, 'a language code such as "en" or "pt-BR"')
      .optional()
      .describe('Language of the answer and preferred search language.'),
    report: z.boolean().default(false).describe('Write a long structured report instead of a short answer.'),
    reportWords: positiveInt(50_000)
      .default(DEFAULT_REPORT_WORDS)
      .describe('Words a report aims for; it is written section by section.'),
    contextTokens: z
      .number()
      .int()
      .min(2_048)
      .max(10_000_000)
      .optional()
      .describe(
        'Context window of the models in tokens (default: from the model table, 8192 for models it does not know); sizes the evidence each prompt gets.',
      ),
    structuredOutput: z
      .enum(['auto', 'json', 'tool'])
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

export function modelForRole(config: ResearchConfig, role: ModelRole): string {
  if (role === 'planner') return config.plannerModel ?? config.model;
  if (role === 'extractor') return config.extractorModel ?? config.model;
  if (role === 'evaluator') return config.evaluatorModel ?? config.model;
  return config.writerModel ?? config.model;
}
