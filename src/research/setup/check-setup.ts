import type { ResearchConfig } from '../../config/index.js';

/**
 * Checks, without any network call, that a run with these options can start: every model's
 * provider is known and has its key (and base URL), every search provider is known and has its key
 * (and SearXNG its URL). Throws `ConfigError` naming the option and what to set. The CLI calls it
 * before `research()`, and the server at start-up and for each run a client asks for, so a
 * mistake is an error up front instead of a run that fails or searches in vain.
 */
export async function checkResearchSetup(
  config: ResearchConfig,
  options: { env?: Record<string, string | undefined> } = {},
): Promise<void> {
  const [{ checkModels }, { checkSearch }] = await Promise.all([
    import('../../llm/index.js'),
    import('../../search/index.js'),
  ]);
  const env = options.env ?? process.env;
  checkModels(config, { env });
  checkSearch({
    providers: config.search,
    env,
    searxngUrl: config.searxngUrl,
  });
}
