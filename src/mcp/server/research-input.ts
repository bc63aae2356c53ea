import { z } from 'zod';
import { configError, describeConfigError, modelForRole, type ResearchConfig } from '../../config/index.js';
import { parseResearchConfig, researchConfigSchema } from '../../config/schemas.js';
import { MAX_QUESTION_CHARS } from '../../contract/index.js';
import { ConfigError } from '../../errors.js';
import { toolInput } from './tool-input.js';

const fields = researchConfigSchema.shape;

/** A config field's own checks without its default, so an absent argument keeps the operator's value. */
function field<T extends z.ZodType>(schema: z.ZodDefault<T> | z.ZodOptional<T>, description: string) {
  return schema.unwrap().optional().describe(description);
}

/**
 * Arguments of the `research` tool: the question and the run options a caller may choose. Where the
 * server connects and with which key (apiKey, baseURL, searxngUrl, allowHosts) only the operator
 * sets, so those are not arguments.
 */
export const researchInput = toolInput('research', {
  question: z
    .string()
    .trim()
    .min(1, 'a non-empty question')
    .max(
      MAX_QUESTION_CHARS,
      `a question of at most ${MAX_QUESTION_CHARS.toLocaleString('en-US')} characters (the question is longer than ${MAX_QUESTION_CHARS.toLocaleString('en-US')} characters; ask it in fewer words)`,
    )
    .describe('The question to research, in full, e.g. "What changed in the EU AI Act in 2025?".'),
  model: field(fields.plannerModel, "Model for every role as provider:model (default: the server's)."),
  search: field(
    fields.search,
    'Web search provider ids, e.g. ["duckduckgo", "wikipedia"] (default: the server\'s).',
  ),
  report: field(fields.report, 'Write a long structured report instead of a short answer (default false).'),
  language: field(fields.language, 'Language of the answer, e.g. "en" or "pt-BR".'),
  tokenBudget: field(fields.tokenBudget, "Total tokens the run may use (default: the server's)."),
  maxSteps: field(fields.maxSteps, 'Research steps before a forced answer.'),
  maxTimeSeconds: field(fields.maxTimeSeconds, 'Wall-clock cap of the run, in seconds.'),
  maxAnswerAttempts: field(
    fields.maxAnswerAttempts,
    'Answers the evaluator may reject before the best effort.',
  ),
  maxReturnedUrls: field(fields.maxReturnedUrls, 'References kept in the answer.'),
  noDirectAnswer: field(
    fields.noDirectAnswer,
    'Always research; never accept an answer from the model alone.',
  ),
  minSupport: field(
    fields.minSupport,
    'Share (0–1) of factual sentences that must be supported for the run to end completed.',
  ),
  boostHosts: field(fields.boostHosts, 'Hosts whose pages are preferred, e.g. ["nature.com"].'),
  excludeHosts: field(fields.excludeHosts, 'Hosts never read or cited.'),
  onlyHosts: field(fields.onlyHosts, 'When set, only these hosts are read or cited.'),
  corpora: field(
    fields.corpora,
    'Ids of the registered corpora to research (as search_corpus names them); the web is off unless "web" is true.',
  ),
  web: field(fields.web, 'With "corpora": also search and read the web.'),
  clarify: field(
    fields.clarify,
    'Ask up to three clarifying questions first when the question is ambiguous: the result then has status needs_input and the questions; call research again with "answers".',
  ),
  answers: field(
    fields.answers,
    'Answers to the clarifying questions a needs_input result asked, each standing alone ("the 2023 season, in Europe"); no questions are asked again.',
  ),
});

/** The `research` tool's arguments as validated by its schema. */
export type ResearchArguments = ReturnType<typeof researchInput.parse>;

/** What a caller may choose, checked against the operator's policy. */
export interface ResearchPolicy {
  defaults: ResearchConfig;
  allowedModels?: readonly string[] | undefined;
  /** The registered corpora: `corpora` may name only these. */
  corpora?: readonly { id: string }[] | undefined;
}

/** Throws when `corpora` names a corpus the server does not have (a run would not research it). */
function checkCorpora(config: ResearchConfig, policy: ResearchPolicy): void {
  const known = (policy.corpora ?? []).map((corpus) => corpus.id);
  const unknown = config.corpora.find((id) => !known.includes(id));
  if (unknown === undefined) return;
  throw mcpConfigError(configError({ problem: 'not_allowed', key: 'corpora', received: unknown, known }), [
    'corpora',
  ]);
}

/** The operator's own models: always allowed. */
function operatorModels(config: ResearchConfig): string[] {
  const roles = (['planner', 'evaluator', 'writer'] as const).map((role) => modelForRole(config, role));
  return [config.model, ...roles, ...config.fallbackModels];
}

/**
 * A `ConfigError` in the MCP surface's words: a caller's argument is named as such
 * (`"tokenBudget" in the research arguments`), any other option is the operator's (set when the
 * server was started; `given` lists the arguments the caller passed), and a missing key is the server's to set, never the caller's.
 */
export function mcpConfigError(error: ConfigError, given: readonly string[]): ConfigError {
  const key = error.key ?? 'options';
  const root = key.split('.')[0] ?? '';
  // A caller's `model` becomes every role's model, so errors on those keys are about that argument.
  const argument = given.includes(root)
    ? key
    : /^(model|\w+Model|fallbackModels)$/.test(root) && given.includes('model')
      ? 'model'
      : undefined;
  const place = argument
    ? `"${argument}" in the research arguments`
    : `the server's option "${key}" (set by whoever started it)`;
  const message = describeConfigError(
    { ...error.details(), message: error.message },
    { place, variableOwner: 'server' },
  );
  return new ConfigError(message, {
    ...error.details(),
    // Spread over the original's details: a plain `param: argument` would erase its param when undefined.
    ...(argument ? { param: argument } : {}),
    cause: error,
  });
}

/**
 * The run's options: the caller's arguments over the operator's defaults, validated as a whole.
 * A caller's `model` replaces every role's model. Throws `ConfigError` naming the argument.
 */
export function resolveResearchArguments(
  input: ResearchArguments,
  policy: ResearchPolicy,
): { question: string; config: ResearchConfig } {
  const { question, model, ...options } = input;
  const merged = {
    ...policy.defaults,
    ...options,
    ...(model
      ? {
          model,
          plannerModel: undefined,
          extractorModel: undefined,
          evaluatorModel: undefined,
          writerModel: undefined,
          fallbackModels: [],
        }
      : {}),
  };
  let config: ResearchConfig;
  try {
    config = parseResearchConfig(merged);
  } catch (error) {
    throw error instanceof ConfigError ? mcpConfigError(error, Object.keys(input)) : error;
  }
  if (model && policy.allowedModels && policy.allowedModels.length > 0) {
    const allowed = new Set([...policy.allowedModels, ...operatorModels(policy.defaults)]);
    const choosable = [...allowed].some(
      (entry) => entry === model || (entry.endsWith(':*') && model.startsWith(entry.slice(0, -1))),
    );
    if (!choosable) {
      throw mcpConfigError(
        configError({ problem: 'not_allowed', key: 'model', received: model, known: [...allowed] }),
        ['model'],
      );
    }
  }
  checkCorpora(config, policy);
  return { question, config };
}
