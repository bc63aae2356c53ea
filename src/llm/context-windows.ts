import {
  DEFAULT_CONTEXT_TOKENS,
  type ModelRole,
  modelForRole,
  type ResearchConfig,
} from '../config/index.js';

/**
 * Context windows (input + output tokens) of known models, as their providers publish them. Keys
 * are model-name prefixes: the longest key a name starts with wins, so `gpt-4o-mini-2024-07-18`
 * uses `gpt-4o-mini` and `claude-sonnet-4-5-20250929` uses `claude-`. Local servers (Ollama, vLLM)
 * may run a model with less than it supports (Ollama's `num_ctx`): set `contextTokens` then.
 */
export const modelContextWindows: Readonly<Record<string, number>> = {
  'gpt-4o': 128_000,
  'gpt-4-turbo': 128_000,
  'gpt-4.1': 1_047_576,
  'gpt-5': 400_000,
  'gpt-3.5-turbo': 16_385,
  o1: 200_000,
  'o1-mini': 128_000,
  o3: 200_000,
  o4: 200_000,
  'claude-': 200_000,
  'gemini-1.5-pro': 2_097_152,
  'gemini-1.5-flash': 1_048_576,
  'gemini-2.0-flash': 1_048_576,
  'gemini-2.5': 1_048_576,
  'gemini-3': 1_048_576,
  llama3: 8_192,
  'llama3.1': 131_072,
  'llama3.2': 131_072,
  'llama3.3': 131_072,
  'llama-3.1': 131_072,
  'llama-3.2': 131_072,
  'llama-3.3': 131_072,
  'meta-llama-3.1': 131_072,
  'qwen2.5': 32_768,
  qwen3: 40_960,
  'mistral-large': 131_072,
  'mistral-small': 32_768,
  'mistral-nemo': 131_072,
  mistral: 32_768,
  mixtral: 32_768,
  'deepseek-r1': 131_072,
  'deepseek-v3': 131_072,
  'deepseek-chat': 65_536,
  gemma2: 8_192,
  gemma3: 131_072,
  phi3: 131_072,
  phi4: 16_384,
};

/** The model name of an id: provider, OpenRouter vendor and Ollama size tag removed, lower-cased. */
function modelName(modelId: string): string {
  const separator = modelId.indexOf(':');
  let name = separator > 0 ? modelId.slice(separator + 1) : modelId;
  name = name.slice(name.lastIndexOf('/') + 1);
  const tag = name.indexOf(':');
  return (tag > 0 ? name.slice(0, tag) : name).toLowerCase();
}

/** Context window of one model id from the table; `undefined` when the table does not know it. */
export function knownContextWindow(modelId: string): number | undefined {
  const name = modelName(modelId);
  let best: string | undefined;
  for (const key of Object.keys(modelContextWindows)) {
    if (name.startsWith(key) && (best === undefined || key.length > best.length)) best = key;
  }
  return best === undefined ? undefined : modelContextWindows[best];
}

/**
 * Tokens a prompt plus its answer may take for a role: `contextTokens` when set, else the smallest
 * window among the role's model and its fallbacks (any of them may answer), unknown models counting
 * as `DEFAULT_CONTEXT_TOKENS`.
 */
export function contextTokensFor(config: ResearchConfig, role: ModelRole): number {
  if (config.contextTokens !== undefined) return config.contextTokens;
  const models = [modelForRole(config, role), ...config.fallbackModels];
  return Math.min(...models.map((model) => knownContextWindow(model) ?? DEFAULT_CONTEXT_TOKENS));
}
