import type { FakeChatRequest, FakeLlmReply } from '../../src/testing/fake-llm-server.js';
import { startFakeLlmServer } from '../../src/testing/fake-llm-server.js';
import { startFakePageServer } from '../../src/testing/fake-page-server.js';
import type { FakePage as ReaderPage } from '../../src/testing/fake-reader.js';
import { startFakeSearchServer } from '../../src/testing/fake-search-server.js';
import { type TowerWorld, towerResearcher } from '../../src/testing/tower-world.js';

/** What a model server call was billed, as a provider's bill would count it. */
export interface TowerBill {
  tokens: number;
  calls: number;
}

/** A tower world served on 127.0.0.1: its model, a SearXNG-shaped search and its pages. */
export interface TowerServers {
  /** CLI flags that point deepresearch at the three servers. */
  args: string[];
  /** Every query the search server got, in order. */
  queries: string[];
  /** Tokens the model server reported, summed. */
  bill: TowerBill;
  close(): Promise<void>;
}

/** How the model server counts a call: its prompt and completion tokens, given the call's output cap. */
export type TowerCost = (outputCap: number) => { promptTokens: number; completionTokens: number };

/** A page's path on the page server: `https://height1.example/tower` is served at `/height1/tower`. */
const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `/${parsed.hostname.split('.')[0]}${parsed.pathname}`;
};

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** A reader page of the world as the HTML a web server sends. */
function html(page: ReaderPage): string {
  const { title = '', text = '' } = page;
  const paragraphs = text
    .split(/\n\n+/)
    .map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`)
    .join('\n');
  return `<!doctype html><html lang="en"><head><title>${escapeHtml(title)}</title></head><body><article><h1>${escapeHtml(title)}</h1>\n${paragraphs}</article></body></html>`;
}

/**
 * Serves `world` for the real CLI and `serve`: its pages under their host's first label, its search
 * (hits pointed at the page server), and its model, each call billed as `options.cost` says.
 */
export async function startTowerServers(
  world: TowerWorld,
  options: {
    /** How a call is billed (default: what its text costs). */
    cost?: TowerCost;
    /** Milliseconds before the model server answers a call (default: none). */
    delayMs?: () => number;
  } = {},
): Promise<TowerServers> {
  const { cost, delayMs = () => 0 } = options;
  const pages = await startFakePageServer(
    Object.fromEntries(Object.entries(world.pages).map(([url, page]) => [pathOf(url), html(page)])),
  );
  const queries: string[] = [];
  const search = await startFakeSearchServer((query) => {
    queries.push(query);
    return world.search({ query }).map((hit) => ({
      title: hit.title,
      url: `${pages.origin}${pathOf(hit.url)}`,
      content: hit.snippet,
    }));
  });
  const bill: TowerBill = { tokens: 0, calls: 0 };
  const reply = towerResearcher(world);
  const llm = await startFakeLlmServer({
    script: (request: FakeChatRequest): FakeLlmReply => {
      const cap = Number(request.max_tokens ?? request.max_completion_tokens ?? Number.POSITIVE_INFINITY);
      // A real server never writes past the output cap it was sent (4 characters a token).
      const text = reply(request).slice(0, cap * 4);
      const usage = cost?.(cap) ?? {
        promptTokens: Math.ceil(JSON.stringify(request.messages ?? []).length / 4),
        completionTokens: Math.ceil(text.length / 4),
      };
      bill.tokens += usage.promptTokens + usage.completionTokens;
      bill.calls += 1;
      return { text, usage, delayMs: delayMs() };
    },
  });
  return {
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
    queries,
    bill,
    close: async () => {
      await Promise.all([llm.close(), search.close(), pages.close()]);
    },
  };
}
