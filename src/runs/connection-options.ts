import { keyProviderOf, type ResearchConfig } from '../config/index.js';

/**
 * Options that say where a run connects, with which key, and which folders it may read: only the
 * operator's config sets them.
 */
export const CONNECTION_OPTIONS = [
  'apiKey',
  'baseURL',
  'keyProvider',
  'searxngUrl',
  'allowHosts',
  'corpus',
  'embedModel',
  'embedBaseURL',
  'browser',
] as const;

export type ConnectionOptions = Partial<Pick<ResearchConfig, (typeof CONNECTION_OPTIONS)[number]>>;

/** The connection options of the server's config, as they are now. */
export function connectionOptionsOf(config: ResearchConfig): ConnectionOptions {
  const options: ConnectionOptions = {};
  if (config.apiKey !== undefined) options.apiKey = config.apiKey;
  if (config.baseURL !== undefined) options.baseURL = config.baseURL;
  // The key's provider as the operator configured it (its main model's unless said): a client's
  // model of another provider never gets the key.
  options.keyProvider = keyProviderOf(config);
  if (config.searxngUrl !== undefined) options.searxngUrl = config.searxngUrl;
  options.allowHosts = config.allowHosts;
  options.corpus = config.corpus;
  if (config.embedModel !== undefined) options.embedModel = config.embedModel;
  if (config.embedBaseURL !== undefined) options.embedBaseURL = config.embedBaseURL;
  if (config.browser !== undefined) options.browser = config.browser;
  return options;
}

/**
 * A stored run's options with its connection options taken from the server's current config:
 * a host the operator no longer allows, or a base URL since removed, is not used again on resume.
 */
export function withCurrentConnection(
  stored: Record<string, unknown>,
  current: ConnectionOptions,
): ResearchConfig {
  const options: Record<string, unknown> = { ...stored };
  for (const name of CONNECTION_OPTIONS) delete options[name];
  return { ...options, allowHosts: [], corpus: [], ...current } as ResearchConfig;
}

/** A run's options as clients may see them: without the operator's key, base URLs and hosts. */
export function clientVisibleOptions(options: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(options).filter(([key]) => !(CONNECTION_OPTIONS as readonly string[]).includes(key)),
  );
}
