import type { ResearchConfig } from '../config/index.js';
import { parseResearchConfig } from '../config/schemas.js';
import { type CapabilityOverrides, research } from '../research/index.js';
import type { Runner } from '../runs/index.js';
import { cooperativeResearcher } from './cooperative-researcher.js';
import { startFakeLlmServer } from './fake-llm-server.js';
import { createFakeReader } from './fake-reader.js';
import { createFakeSearch } from './fake-search.js';

const PAGES = {
  'https://encyclopedia.example/eiffel-tower': {
    title: 'The Eiffel Tower',
    text: 'The Eiffel Tower was completed in March 1889 as the entrance arch to the Exposition Universelle in Paris. It was designed by the engineering company of Gustave Eiffel.',
  },
  'https://travel.example/paris': {
    title: 'Landmarks of Paris',
    text: 'Paris has many landmarks. The wrought-iron lattice of the Eiffel Tower weighs about 7,300 tonnes.',
  },
};

/**
 * The real engine against fakes on 127.0.0.1: an OpenAI-compatible fake model that researches
 * cooperatively (answering after `modelDelayMs`), a scripted search and a scripted reader. For the
 * server's engine tests and benchmarks.
 */
export async function startEngineWorld(
  options: {
    modelDelayMs?: number;
    /** Base URL of a fake model already running elsewhere (e.g. another process); none is started. */
    llmUrl?: string;
  } = {},
): Promise<{
  runner: Runner;
  config: ResearchConfig;
  capabilities: CapabilityOverrides;
  close(): Promise<void>;
}> {
  const delayMs = options.modelDelayMs ?? 0;
  // With llmUrl the model runs elsewhere (bench/server-load.ts starts it in its own process).
  const llm = options.llmUrl
    ? { url: options.llmUrl, close: async () => {} }
    : await startFakeLlmServer({
        script: (request) =>
          delayMs > 0 ? { text: cooperativeResearcher(request), delayMs } : cooperativeResearcher(request),
      });
  const search = createFakeSearch(
    Object.entries(PAGES).map(([url, page]) => ({ url, title: page.title, snippet: page.text.slice(0, 80) })),
  );
  return {
    runner: research,
    config: parseResearchConfig({
      model: 'openai-compatible:fake',
      baseURL: llm.url,
      apiKey: 'sk-engine-world-key',
      search: ['fake'],
    }),
    capabilities: { searchProviders: [search], reader: createFakeReader(PAGES), env: {} },
    close: () => llm.close(),
  };
}
