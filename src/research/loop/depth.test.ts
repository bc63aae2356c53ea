import { describe, expect, it } from 'vitest';
import type { ResearchEvent } from '../../contract/index.js';
import { createFakeReader, type FakePage } from '../../testing/fake-reader.js';
import { createFakeSearch } from '../../testing/fake-search.js';
import { towerModel, towerWorld } from '../../testing/tower-world.js';
import { research } from '../index.js';
import type { ResearchOptions } from '../types.js';

const world = towerWorld(2);
const TOPICS = ['height', 'designer'];

/**
 * Pages one level below the tower world's: a search that follows up what was learned (the
 * cooperative model's follow-ups name the finding's words, "fact" among them) finds the topic's
 * archive page, which states something the first pages do not.
 */
const deeper: Record<string, FakePage> = Object.fromEntries(
  TOPICS.map((topic) => [
    `https://archive.example/${topic}`,
    {
      title: `Archive of the tower ${topic}`,
      text: `The archive holds a second tower ${topic} fact of register D, filed in 1890.`,
    },
  ]),
);

async function depthRun(options: Partial<ResearchOptions>) {
  const events: ResearchEvent[] = [];
  const llm = towerModel(world);
  const search = createFakeSearch((request) => {
    const first = world.search(request);
    if (!/\bfacts\b/i.test(request.query)) return first;
    const topic = TOPICS.find((name) => request.query.includes(name));
    const archive = topic ? `https://archive.example/${topic}` : undefined;
    return archive
      ? [{ url: archive, title: deeper[archive]?.title ?? archive, snippet: 'Archive.' }, ...first]
      : first;
  });
  const result = await research(
    { question: world.question, noDirectAnswer: true, strategy: 'pipeline', breadth: 2, ...options },
    {
      llm,
      searchProviders: [search],
      reader: createFakeReader({ ...world.pages, ...deeper }),
      onEvent: (event) => events.push(event),
    },
  );
  const findings = events.flatMap((event) => (event.type === 'finding' ? [event.finding] : []));
  return { result, llm, search, findings };
}

describe('--depth', () => {
  it('is off by default: no follow-up is asked for or searched', async () => {
    const { llm, findings } = await depthRun({});
    expect(llm.calls.some((call) => call.schemaName === 'branch_queries')).toBe(false);
    expect(findings.some((finding) => finding.source.url.startsWith('https://archive.example/'))).toBe(false);
  });

  it.each([
    { strategy: 'pipeline', breadth: 2 },
    { strategy: 'agent', breadth: 1 },
  ] as const)(
    'follows up what each sub-question learned, one level per --depth, and cites what the level found ($strategy, breadth $breadth)',
    async (options) => {
      const { result, llm, search, findings } = await depthRun({ depth: 1, ...options });
      const followUps = llm.calls.filter(
        (call) => call.schemaName === 'branch_queries' && call.system.includes('follow-up'),
      );
      // One follow-up call per sub-question, made from its findings.
      expect(followUps).toHaveLength(2);
      for (const call of followUps)
        expect(call.prompt).toMatch(/<findings>\n- The tower \w+ fact of register/);
      expect(search.calls.some((call) => /\bfacts\b/.test(call.query))).toBe(true);
      const deep = findings.filter((finding) => finding.source.url.startsWith('https://archive.example/'));
      expect(new Set(deep.map((finding) => finding.source.url))).toEqual(new Set(Object.keys(deeper)));
      expect(result.status).toBe('completed');
      expect(
        result.references.some((reference) => reference.url.startsWith('https://archive.example/')),
      ).toBe(true);
    },
  );
});
