/**
 * A conversation over `/v1` through the real server and engine (fake model, SearXNG-shaped search
 * and page server on 127.0.0.1): a follow-up question reads the earlier answer's sources again
 * instead of searching for them, and cites them; a client's history that points at private
 * addresses has those dropped with a warning and never fetched.
 */
import { describe, expect, it } from 'vitest';
import { startFakePageServer } from '../src/testing/fake-page-server.js';
import { demoServers } from './helpers/demo-server.js';

const TOKEN = 'turns-token';
const headers = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };
const QUESTION = 'When was the Eiffel Tower completed?';

const servers = demoServers();

interface Completion {
  id: string;
  choices: {
    message: {
      role: 'assistant';
      content: string;
      reasoning_content: string;
      annotations: { type: 'url_citation'; url_citation: { url: string; title: string } }[];
    };
  }[];
}

async function start() {
  const started = await servers.startServer({ app: { authTokens: [TOKEN], requestsPerMinute: 10_000 } });
  const complete = async (messages: unknown[]): Promise<Completion> => {
    const response = await started.server.app.request('/v1/chat/completions', {
      method: 'POST',
      headers,
      body: JSON.stringify({ model: 'deepresearch', messages }),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as Completion;
  };
  return { ...started, complete };
}

/** Paths of the demo pages fetched since `from` requests. */
function pathsFetched(world: Awaited<ReturnType<typeof start>>['world'], from: number): string[] {
  return world.pages.requests.slice(from).map((request) => request.path);
}

describe('earlier assistant turns on /v1', () => {
  it('a follow-up does not search for the earlier answer’s sources: it reads them and cites them', async () => {
    const { world, complete } = await start();
    const eiffel = `${world.pages.origin}/eiffel-tower`;
    const paris = `${world.pages.origin}/paris-landmarks`;
    // An answer the client got elsewhere (another server, another node): a footnote and a link.
    const earlier = `The Eiffel Tower was completed in March 1889 [1]. Its wrought-iron lattice weighs about 7,300 tonnes ([Landmarks of Paris](${paris})).\n\n[1]: ${eiffel} "The Eiffel Tower"`;
    const response = await complete([
      { role: 'user', content: QUESTION },
      { role: 'assistant', content: earlier },
      { role: 'user', content: 'How tall is the Eiffel Tower?' },
    ]);
    expect(world.search.queries).toEqual([]);
    const fetched = pathsFetched(world, 0);
    expect(fetched).toContain('/eiffel-tower');
    expect(fetched).toContain('/paris-landmarks');
    const message = response.choices[0]?.message;
    expect(message?.reasoning_content).toContain(
      'Earlier answers of the conversation: 1, citing 2 sources to read again instead of searching.',
    );
    expect(message?.reasoning_content).toContain(`${eiffel} still says what earlier answer 1 claimed`);
    const cited = message?.annotations.map((annotation) => annotation.url_citation.url) ?? [];
    expect(cited).toContain(eiffel);
    expect(message?.content).toMatch(/330 metres|330 m/);
  });

  it('our own answer sent back with its annotations: the follow-up reads its sources again instead of searching', async () => {
    const { world, complete } = await start();
    const first = await complete([{ role: 'user', content: QUESTION }]);
    const answer = first.choices[0]?.message;
    const cited = [...new Set(answer?.annotations.map((annotation) => annotation.url_citation.url))];
    expect(cited.length).toBeGreaterThan(0);
    const searched = world.search.queries.length;
    expect(searched).toBeGreaterThan(0);
    const fetched = world.pages.requests.length;

    // The client sends the answer back as it got it, with its annotations.
    const followUp = await complete([
      { role: 'user', content: QUESTION },
      { role: 'assistant', content: answer?.content, annotations: answer?.annotations },
      { role: 'user', content: 'How tall is the Eiffel Tower?' },
    ]);
    // No new search at all: the earlier answer's sources were read directly.
    expect(world.search.queries.slice(searched)).toEqual([]);
    const reread = pathsFetched(world, fetched);
    for (const url of cited) expect(reread).toContain(new URL(url).pathname);
    const message = followUp.choices[0]?.message;
    expect(message?.reasoning_content).toContain('Earlier answers of the conversation: 1, citing');
    // The server's memory of the first run names the same sources: one check for both.
    expect(message?.reasoning_content).toMatch(/still says what earlier answer 1\b/);
    const citedAgain = message?.annotations.map((annotation) => annotation.url_citation.url) ?? [];
    expect(citedAgain.some((url) => cited.includes(url))).toBe(true);
    expect(message?.content).toMatch(/330 metres|330 m/);
  });

  it('drops an earlier answer’s sources at private addresses with a warning, and never fetches them', async () => {
    const trap = await startFakePageServer({ '/secret': '<html><body><p>Internal only.</p></body></html>' });
    servers.closeAfter(() => trap.close());
    const { world, complete } = await start();
    const privateUrl = `${trap.url}secret`;
    const response = await complete([
      { role: 'user', content: QUESTION },
      {
        role: 'assistant',
        content: `It was completed in 1889 [1]. See also [the intranet](http://10.1.2.3/wiki) and http://169.254.169.254/latest/meta-data.\n\n[1]: ${privateUrl}`,
      },
      { role: 'user', content: 'Who designed the Eiffel Tower?' },
    ]);
    expect(trap.requests).toEqual([]);
    const reasoning = response.choices[0]?.message.reasoning_content ?? '';
    for (const host of [trap.host, '10.1.2.3', '169.254.169.254'])
      expect(reasoning).toContain(
        `Earlier answer 1 cites a source that is not read again: Refused to fetch http://${host}`,
      );
    expect(reasoning).toContain("Only the server's operator can allow it.");
    // The question is researched the usual way.
    expect(world.search.queries.length).toBeGreaterThan(0);
    expect(response.choices[0]?.message.content.trim()).not.toBe('');
  });
});
