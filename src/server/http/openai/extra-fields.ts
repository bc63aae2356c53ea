import { z } from 'zod';
import type { ResearchConfig } from '../../../config/index.js';
import { DEPTH_PRESETS, REASONING_EFFORT_PRESETS } from '../../../contract/index.js';
import { DEFAULT_MODEL_ALIAS } from '../../constants.js';
import { ApiError } from '../errors.js';
import { checkRunSetup, type RunOptionsPolicy, resolveRunOptions } from '../run-options.js';

/**
 * DeepResearch's extra request fields of `/v1/chat/completions` and `/v1/responses`, in the spirit
 * of node-DeepResearch, and the option each sets. Their values are validated once, by the options'
 * schema, and errors name the request field.
 */
export const OPTION_FIELDS = {
  budget_tokens: 'tokenBudget',
  max_attempts: 'maxAnswerAttempts',
  no_direct_answer: 'noDirectAnswer',
  min_support: 'minSupport',
  boost_hostnames: 'boostHosts',
  bad_hostnames: 'excludeHosts',
  only_hostnames: 'onlyHosts',
  max_returned_urls: 'maxReturnedUrls',
  language_code: 'language',
  search_language_code: 'searchLanguage',
  search_provider: 'search',
  corpora: 'corpora',
  web: 'web',
  team_size: 'breadth',
  depth: 'depth',
  compute: 'compute',
  temperature: 'temperature',
  clarify: 'clarify',
} as const;

export type OptionField = keyof typeof OPTION_FIELDS;

/** The extra fields as zod shape entries: any value, checked later by the options' schema. */
export const optionFieldsShape = Object.fromEntries(
  Object.keys(OPTION_FIELDS).map((field) => [field, z.unknown().optional()]),
) as Record<OptionField, z.ZodOptional<z.ZodUnknown>>;

/** The efforts `reasoning_effort` (chat) and `reasoning.effort` (responses) take. */
export const reasoningEffort = z.enum(
  Object.keys(REASONING_EFFORT_PRESETS) as [keyof typeof REASONING_EFFORT_PRESETS],
);

/** What a request asks of its run, whatever the endpoint. */
export interface RequestedRun {
  /** The model the request named (`deepresearch`: the server's own). */
  model: string;
  effort: z.infer<typeof reasoningEffort> | null | undefined;
  /** The request's extra fields (`budget_tokens`, …) as sent. */
  fields: Partial<Record<OptionField, unknown>>;
  /** How the endpoint names the effort in errors (`reasoning_effort`, `reasoning.effort`). */
  effortParam: string;
}

/** The options a request's extra fields set; `null` counts as absent, a lone search provider as a list. */
function optionsFromFields(fields: RequestedRun['fields']): Record<string, unknown> {
  const options: Record<string, unknown> = {};
  for (const field of Object.keys(OPTION_FIELDS) as OptionField[]) {
    const value = fields[field];
    if (value === undefined || value === null) continue;
    const key = OPTION_FIELDS[field];
    options[key] = key === 'search' && !Array.isArray(value) ? [value] : value;
  }
  return options;
}

/** Resolves and checks the run options a request asks for; errors name the request field. */
export async function requestedOptions(run: RequestedRun, policy: RunOptionsPolicy): Promise<ResearchConfig> {
  const otherParams: Record<string, string> = {
    model: 'model',
    maxSteps: run.effortParam,
    maxTimeSeconds: run.effortParam,
  };
  // How the endpoint names an option in errors (`param`): the request field that sets it.
  const param = (key: string) =>
    (Object.keys(OPTION_FIELDS) as OptionField[]).find((field) => OPTION_FIELDS[field] === key) ??
    otherParams[key] ??
    key;
  const input: Record<string, unknown> = {
    ...(run.model !== DEFAULT_MODEL_ALIAS ? { model: run.model } : {}),
    ...(run.effort ? DEPTH_PRESETS[REASONING_EFFORT_PRESETS[run.effort]] : {}),
    ...optionsFromFields(run.fields),
  };
  try {
    const options = resolveRunOptions(input, policy, param);
    await checkRunSetup(options, policy, param);
    return options;
  } catch (error) {
    throw error instanceof ApiError && error.field === 'model' ? withAlias(error) : error;
  }
}

/** A refused model, with the one every client can name: the server's own, `deepresearch`. */
function withAlias(error: ApiError): ApiError {
  return new ApiError(
    error.code,
    `${error.message} Or use the model "${DEFAULT_MODEL_ALIAS}": the server's own (GET /v1/models lists every model).`,
    { field: 'model', cause: error },
  );
}
