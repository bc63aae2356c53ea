/** Price of a model in USD per million tokens. */
export interface ModelPrice {
  inputPerMillion: number;
  outputPerMillion: number;
}

/**
 * List prices (USD per million input/output tokens, standard tier, short prompts) as published by
 * the providers in 2025. Keys are model names without date or preview suffixes; see `priceFor`.
 * Override or extend per run with `LlmSettings.prices`.
 */
export const modelPrices: Readonly<Record<string, ModelPrice>> = {
  'gpt-4o': { inputPerMillion: 2.5, outputPerMillion: 10 },
  'gpt-4o-mini': { inputPerMillion: 0.15, outputPerMillion: 0.6 },
  'gpt-4.1': { inputPerMillion: 2, outputPerMillion: 8 },
  'gpt-4.1-mini': { inputPerMillion: 0.4, outputPerMillion: 1.6 },
  'gpt-4.1-nano': { inputPerMillion: 0.1, outputPerMillion: 0.4 },
  'gpt-5': { inputPerMillion: 1.25, outputPerMillion: 10 },
  'gpt-5-mini': { inputPerMillion: 0.25, outputPerMillion: 2 },
  'gpt-5-nano': { inputPerMillion: 0.05, outputPerMillion: 0.4 },
  o1: { inputPerMillion: 15, outputPerMillion: 60 },
  o3: { inputPerMillion: 2, outputPerMillion: 8 },
  'o3-mini': { inputPerMillion: 1.1, outputPerMillion: 4.4 },
  'o3-pro': { inputPerMillion: 20, outputPerMillion: 80 },
  'o4-mini': { inputPerMillion: 1.1, outputPerMillion: 4.4 },
  'claude-opus-4': { inputPerMillion: 15, outputPerMillion: 75 },
  'claude-opus-4-0': { inputPerMillion: 15, outputPerMillion: 75 },
  'claude-opus-4-1': { inputPerMillion: 15, outputPerMillion: 75 },
  'claude-opus-4-5': { inputPerMillion: 5, outputPerMillion: 25 },
  'claude-sonnet-4': { inputPerMillion: 3, outputPerMillion: 15 },
  'claude-sonnet-4-0': { inputPerMillion: 3, outputPerMillion: 15 },
  'claude-sonnet-4-5': { inputPerMillion: 3, outputPerMillion: 15 },
  'claude-haiku-4-5': { inputPerMillion: 1, outputPerMillion: 5 },
  'claude-3-7-sonnet': { inputPerMillion: 3, outputPerMillion: 15 },
  'claude-3-5-sonnet': { inputPerMillion: 3, outputPerMillion: 15 },
  'claude-3-5-haiku': { inputPerMillion: 0.8, outputPerMillion: 4 },
  'gemini-2.5-pro': { inputPerMillion: 1.25, outputPerMillion: 10 },
  'gemini-2.5-flash': { inputPerMillion: 0.3, outputPerMillion: 2.5 },
  'gemini-2.5-flash-lite': { inputPerMillion: 0.1, outputPerMillion: 0.4 },
  'gemini-2.0-flash': { inputPerMillion: 0.1, outputPerMillion: 0.4 },
  'gemini-2.0-flash-lite': { inputPerMillion: 0.075, outputPerMillion: 0.3 },
};

/** Providers whose model names are priced by the table above (OpenRouter via `vendor/name`). */
const pricedProviders = new Set(['openai', 'anthropic', 'google', 'openrouter']);

/** Suffixes that name a snapshot of a priced model: dates, `-latest`, `-preview...`, `-001`. */
const snapshotSuffix = /(-\d{8}|-\d{4}-\d{2}-\d{2}|-latest|-preview(-[\w.-]*)?|-exp(-[\w.-]*)?|-\d{3})$/;

/**
 * Price of a model id (`provider:model`, or a bare model name). Snapshots share their model's
 * price (`gpt-4o-2024-08-06` → `gpt-4o`); OpenRouter names drop their vendor (`openai/gpt-4o`).
 * Local providers (ollama, openai-compatible) and unknown models → `null`, never a guessed price.
 * `overrides` (keyed by full id or model name) win over the table.
 */
export function priceFor(
  modelId: string,
  overrides: Readonly<Record<string, ModelPrice>> = {},
): ModelPrice | null {
  const exact = overrides[modelId];
  if (exact) return exact;
  const separator = modelId.indexOf(':');
  const provider = separator > 0 ? modelId.slice(0, separator) : undefined;
  let name = separator > 0 ? modelId.slice(separator + 1) : modelId;
  if (provider === 'openrouter') name = name.slice(name.indexOf('/') + 1);
  const table =
    provider === undefined || pricedProviders.has(provider) ? { ...modelPrices, ...overrides } : overrides;
  for (let candidate = name, previous = ''; candidate !== previous; ) {
    const price = table[candidate];
    if (price) return price;
    previous = candidate;
    candidate = candidate.replace(snapshotSuffix, '');
  }
  return null;
}

/** Cost in USD of some tokens at a price; `null` when the price is unknown. */
export function costOf(
  tokens: { inputTokens: number; outputTokens: number },
  price: ModelPrice | null,
): number | null {
  if (!price) return null;
  return (
    (tokens.inputTokens * price.inputPerMillion + tokens.outputTokens * price.outputPerMillion) / 1_000_000
  );
}
