import type { LanguageModel } from 'ai';
import type { ModelProviderId } from '../../contract/index.js';
import type { OptionalFeature } from '../../shared/index.js';

/** What a provider factory gets once keys and URLs are resolved. */
export interface CreateModelOptions {
  /** Model name after the `provider:` prefix, e.g. `gpt-4o-mini`. */
  modelName: string;
  apiKey: string | undefined;
  baseURL: string | undefined;
  fetch: typeof fetch | undefined;
}

/** How structured output is asked of a model: JSON response format or a forced tool call. */
export type StructuredOutputMode = 'auto' | 'json' | 'tool';

/** One entry of the model provider registry. */
export interface ModelProviderDefinition {
  /** The `provider` part of `provider:model`. */
  id: ModelProviderId;
  /** Env variable holding the API key. */
  apiKeyVariable: string;
  /** Whether a call cannot work without a key (local servers usually need none). */
  apiKeyRequired: boolean;
  /** Env variable holding the base URL, for providers that take one from the user. */
  baseURLVariable?: string;
  /** Base URL used when neither settings nor env give one; absent means a base URL is required. */
  defaultBaseURL?: string;
  /** Whether the user may point this provider at another base URL (`--base-url`). */
  acceptsBaseURL: boolean;
  /** Whether models run on the user's machine or server; their cost is unknown unless priced. */
  local: boolean;
  /** What `structuredOutputMode: 'auto'` means for this provider. */
  autoStructuredOutputMode: Exclude<StructuredOutputMode, 'auto'>;
  /**
   * Packages outside the lean install that the provider's models need (optional dependencies);
   * resolving a model checks them, so a missing one fails before a run starts, naming the command.
   */
  optionalPackages?: OptionalFeature;
  /** The AI SDK model; synchronous, so an optional package is imported at the model's first call. */
  create(options: CreateModelOptions): LanguageModel;
}
