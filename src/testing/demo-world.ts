import type { ResearchConfig } from '../config/index.js';
import { parseResearchConfig } from '../config/schemas.js';
import { cooperativeResearcher } from './cooperative-researcher.js';
import { type FakeLlmScript, type FakeLlmServer, startFakeLlmServer } from './fake-llm-server.js';
import { type FakePage, type FakePageServer, startFakePageServer } from './fake-page-server.js';
import { type FakeSearchServer, startFakeSearchServer } from './fake-search-server.js';

/** Two small articles the demo search finds and the cooperative model cites. */
export const demoPages: Record<string, FakePage> = {
  '/eiffel-tower': `<!doctype html><html lang="en"><head><title>The Eiffel Tower – Demo Encyclopedia</title>
<meta name="author" content="Ada Example"></head><body><nav><a href="/">Home</a> · <a href="/about">About</a></nav>
<article><h1>The Eiffel Tower</h1>
<p>The Eiffel Tower was completed in March 1889 as the entrance arch to the Exposition Universelle in Paris. It was designed by the engineering company of Gustave Eiffel.</p>
<p>At 330 metres, the tower was the tallest man-made structure in the world until the Chrysler Building in New York was finished in 1930.</p>
<p>The tower is repainted every seven years, using about 60 tonnes of paint to protect the wrought iron from rust.</p>
</article><footer>© Demo Encyclopedia · Cookie settings</footer></body></html>`,
  '/paris-landmarks': `<!doctype html><html lang="en"><head><title>Landmarks of Paris</title></head><body>
<main><h1>Landmarks of Paris</h1>
<p>Paris has many landmarks that draw visitors from around the world every year.</p>
<h2>Iron and glass</h2><p>The wrought-iron lattice of the Eiffel Tower weighs about 7,300 tonnes, and the whole structure about 10,100 tonnes.</p>
</main></body></html>`,
};

/**
 * The pages `npm run demo` serves: the demo pages, where the landmarks page also gives the tower's
 * height with its antennas, and a guide that gives its height as first built, so a run meets two
 * sources that disagree and states both.
 */
export const demoShowcasePages: Record<string, FakePage> = {
  ...demoPages,
  '/paris-landmarks': String(demoPages['/paris-landmarks']).replace(
    '</main>',
    '<p>The Eiffel Tower is 330 metres tall, counting its antennas.</p>\n</main>',
  ),
  '/tower-guide': `<!doctype html><html lang="en"><head><title>A visitor's guide to the Eiffel Tower</title></head><body>
<article><h1>Visiting the tower</h1>
<p>The Eiffel Tower is 300 m tall, as first built.</p>
</article></body></html>`,
};

export interface DemoWorld {
  llm: FakeLlmServer;
  search: FakeSearchServer;
  pages: FakePageServer;
  /** CLI flags that point deepresearch at the three fake servers. */
  args: string[];
  close(): Promise<void>;
}

/**
 * Starts a fake model, a SearXNG-shaped search server and a page server on 127.0.0.1 that work
 * together: every search returns the demo pages, and the model researches cooperatively unless
 * another script is given. Used by the end-to-end tests and by `npm run demo`.
 */
export async function startDemoWorld(
  options: { script?: FakeLlmScript; pages?: Record<string, FakePage>; llmPort?: number } = {},
): Promise<DemoWorld> {
  const pageMap = options.pages ?? demoPages;
  const pages = await startFakePageServer(pageMap);
  const search = await startFakeSearchServer(() =>
    Object.entries(pageMap).map(([path, page]) => ({
      title: typeof page === 'string' ? (/<title>([^<]*)<\/title>/.exec(page)?.[1] ?? path) : path,
      url: `${pages.origin}${path}`,
      content:
        typeof page === 'string'
          ? page
              .replace(/<[^>]+>/g, ' ')
              .replace(/\s+/g, ' ')
              .slice(0, 160)
          : '',
    })),
  );
  const llm = await startFakeLlmServer({
    script: options.script ?? cooperativeResearcher,
    port: options.llmPort,
  });
  return {
    llm,
    search,
    pages,
    args: [
      '--model',
      'openai-compatible:fake',
      '--base-url',
      llm.url,
      '--search',
      'searxng',
      '--searxng-url',
      search.url,
      '--allow-host',
      pages.host,
    ],
    close: async () => {
      await Promise.all([llm.close(), search.close(), pages.close()]);
    },
  };
}

/**
 * Research options that point a run (or a server) at a demo world's model, search and pages, with
 * the direct answer off so every run researches.
 */
export function demoResearchConfig(world: DemoWorld): ResearchConfig {
  return parseResearchConfig({
    model: 'openai-compatible:fake',
    baseURL: world.llm.url,
    search: ['searxng'],
    searxngUrl: world.search.url,
    allowHosts: [world.pages.host],
    noDirectAnswer: true,
  });
}
