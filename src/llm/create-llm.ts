import type { LanguageModel } from 'ai';
import {
  LLM_BACKOFF_JITTER,
  LLM_BASE_BACKOFF_MS,
  LLM_CALL_TIMEOUT_MS,
  LLM_MAX_BACKOFF_MS,
  LLM_MAX_RETRIES,
  MODEL_COOLDOWN_MS,
  MODEL_FAILURES_BEFORE_COOLDOWN,
  type ModelRole,
  modelForRole,
  temperatureFor,
} from '../config/index.js';
import { addUsage } from '../contract/index.js';
import { abortableDelay } from '../shared/index.js';
import { type CallBudget, type CallRunnerOptions, runWithFallback } from './call-runner.js';
import { LlmError } from './errors.js';
import { ModelHealth } from './model-health.js';
import { connectionForModel } from './model-key.js';
import type { StructuredOutputMode } from './providers/index.js';
import { parseStructured } from './repair-json.js';
import { parseModelId, providerOf, resolveLanguageModel } from './resolve-model.js';
import type { LlmSettings } from './settings.js';
import { retryPrompt, schemaTextOf, structuredAttempt } from './structured-output.js';
import { textAttempt } from './text-output.js';
import { TokenEstimator } from './token-estimate.js';
import type { Llm, LlmObjectRequest, LlmRequestBase, LlmResult } from './types.js';
import { UsageMeter } from './usage-meter.js';

const roles: readonly ModelRole[] = ['planner', 'extractor', 'evaluator', 'writer'];

/**
 * The model layer: resolves every configured model now (so a missing key or unknown provider fails
 * before the run starts), then serves calls with timeout, retries, fallback, cooldown, structured
 * output repair and usage accounting. See `LlmSettings`.
 */
export function createLlm(settings: LlmSettings): Llm {
  const { config } = settings;
  const chains = new Map(roles.map((role) => [role, chainFor(settings, role)]));
  const models = resolveModels(settings, [...new Set([...chains.values()].flat())]);
  const now = settings.now ?? Date.now;
  const meter = new UsageMeter(settings.prices);
  const runner: CallRunnerOptions = {
    models,
    apiKeyVariableOf: (modelId) => knownProvider(modelId)?.apiKeyVariable,
    fixedBy: settings.fixedBy ?? 'user',
    health: new ModelHealth({
      failuresBeforeCooldown: MODEL_FAILURES_BEFORE_COOLDOWN,
      cooldownMs: MODEL_COOLDOWN_MS,
      now,
      onCooldown: settings.onCooldown,
    }),
    meter,
    onCall: settings.onCall,
    timeoutMs: settings.timeoutMs ?? LLM_CALL_TIMEOUT_MS,
    maxRetries: settings.maxRetries ?? LLM_MAX_RETRIES,
    baseBackoffMs: settings.baseBackoffMs ?? LLM_BASE_BACKOFF_MS,
    maxBackoffMs: settings.maxBackoffMs ?? LLM_MAX_BACKOFF_MS,
    backoffJitter: LLM_BACKOFF_JITTER,
    random: settings.random ?? Math.random,
    sleep: settings.sleep ?? abortableDelay,
    now,
  };
  const chain = (role: ModelRole) => chains.get(role) ?? [config.model];
  const estimator = new TokenEstimator();
  const budgetOf = (request: LlmRequestBase, ...texts: string[]): CallBudget => {
    const estimatedInput = estimator.estimate(request.system, ...texts);
    return {
      limit: request.tokenLimit ?? Number.POSITIVE_INFINITY,
      estimatedInput,
      maxOutputTokens: request.maxOutputTokens,
      observe: (reported) => estimator.observe(estimatedInput, reported),
    };
  };
  const modeOf = (modelId: string) => structuredOutputModeFor(settings, modelId);

  return {
    async generateText(request) {
      return runWithFallback(runner, {
        role: request.role,
        chain: chain(request.role),
        signal: request.abortSignal,
        attempt: textAttempt(request, temperatureFor(config.temperature, request.role)),
        budget: budgetOf(request, request.prompt),
      });
    },

    async generateObject<T>(request: LlmObjectRequest<T>): Promise<LlmResult<T>> {
      const run = (prompt: string, spent: number, order: readonly string[]) =>
        runWithFallback(runner, {
          role: request.role,
          chain: order,
          signal: request.abortSignal,
          attempt: structuredAttempt(request, {
            prompt,
            modeOf,
            temperature: temperatureFor(config.temperature, request.role),
          }),
          judgedByCaller: true,
          preferred: roleChain[0],
          budget: budgetOf(
            {
              ...request,
              tokenLimit: request.tokenLimit === undefined ? undefined : request.tokenLimit - spent,
            },
            prompt,
            schemaTextOf(request.schema),
          ),
        });
      const roleChain = chain(request.role);
      const first = await run(request.prompt, 0, roleChain);
      const firstParse = parseStructured(first.value.object ?? first.value.raw, request.schema);
      if (firstParse.ok) {
        runner.health.succeeded(first.model);
        return { value: firstParse.value, model: first.model, usage: first.usage };
      }
      // Invalid or empty output is a failure of the model like an error is: it counts toward the
      // model's cooldown, and the one retry (which shows what was wrong) goes to the next model first.
      runner.health.failed(first.model);
      const second = await run(
        retryPrompt(request.prompt, firstParse.problem, first.value.raw),
        first.usage.totalTokens,
        [...roleChain.filter((model) => model !== first.model), first.model],
      );
      const secondParse = parseStructured(second.value.object ?? second.value.raw, request.schema);
      const usage = addUsage(first.usage, second.usage);
      if (secondParse.ok) {
        runner.health.succeeded(second.model);
        return { value: secondParse.value, model: second.model, usage };
      }
      runner.health.failed(second.model);
      throw new LlmError({
        code: 'invalid_output',
        message: `${second.model} gave no valid ${request.schemaName} after one retry. ${secondParse.problem}`,
        model: second.model,
      });
    },

    totals: () => meter.totals(),
  };
}

/** The role's model followed by the fallbacks, each once. */
function chainFor(settings: LlmSettings, role: ModelRole): string[] {
  return [...new Set([modelForRole(settings.config, role), ...settings.config.fallbackModels])];
}

function knownProvider(modelId: string) {
  try {
    return providerOf(modelId);
  } catch {
    // Injected models may use ids outside the registry; they simply have no key variable.
    return undefined;
  }
}

function resolveModels(settings: LlmSettings, ids: readonly string[]): Map<string, LanguageModel> {
  const { config } = settings;
  return new Map(
    ids.map((id) => {
      const injected = settings.languageModels?.[id];
      if (injected) return [id, injected];
      const model = resolveLanguageModel(id, {
        env: settings.env ?? process.env,
        fetch: settings.fetch,
        ...connectionForModel(config, id),
      });
      return [id, model];
    }),
  );
}

function structuredOutputModeFor(
  settings: LlmSettings,
  modelId: string,
): Exclude<StructuredOutputMode, 'auto'> {
  const setting = settings.structuredOutputMode ?? 'auto';
  const chosen =
    typeof setting === 'string'
      ? setting
      : (setting[modelId] ?? setting[parseModelId(modelId).provider] ?? 'auto');
  if (chosen !== 'auto') return chosen;
  return knownProvider(modelId)?.autoStructuredOutputMode ?? 'json';
}
