import { describe, expect, it } from 'vitest';
import type { ResearchEvent } from '../contract/index.js';
import { createFakeLlm, type FakeLlmCall } from '../testing/fake-llm.js';
import { createFakeReader } from '../testing/fake-reader.js';
import { createFakeSearch } from '../testing/fake-search.js';
import { cooperativeObject, cooperativeText, HEIGHT_PLAN, QUESTION } from '../testing/research-fixtures.js';
import { research } from './index.js';

/** Two sources that disagree on the tower's height, and agree on its weight. */
const PAGES = {
  'https://example.com/eiffel': {
    title: 'Eiffel Tower facts',
    text: 'The tower is 330 metres tall and was completed in 1889.\n\nThe whole structure weighs 10,100 tonnes.',
  },
  'https://example.org/tower': {
    title: 'Tower guide',
    text: 'The tower is 300 m tall.\n\nThe whole structure weighs 10100 tonnes.',
  },
};
const RESULTS = Object.entries(PAGES).map(([url, page]) => ({ url, title: page.title, snippet: page.title }));
const BOTH = Object.keys(PAGES);

async function run(text: (call: FakeLlmCall) => string) {
  const events: ResearchEvent[] = [];
  const llm = createFakeLlm({
    object: cooperativeObject({
      plan: () => HEIGHT_PLAN,
      action: (step) =>
        step === 0
          ? { think: 'Read both.', action: { type: 'read', urls: BOTH } }
          : { think: 'Done.', action: { type: 'ready', reason: 'Both pages read.' } },
    }),
    text,
  });
  const result = await research(
    { question: QUESTION },
    {
      llm,
      searchProviders: [createFakeSearch(RESULTS)],
      reader: createFakeReader(PAGES),
      onEvent: (event) => events.push(event),
    },
  );
  return { result, events, llm };
}

const writerPrompts = (llm: { calls: FakeLlmCall[] }) =>
  llm.calls.filter((call) => call.schemaName === undefined && call.prompt.includes('<evidence>'));

describe('sources that differ', () => {
  it('are handed to the writer, listed in the result and the run-end event, and an answer stating both passes', async () => {
    const { result, events, llm } = await run(cooperativeText);
    expect(result.conflicts).toEqual([
      {
        subQuestion: 'q1',
        about: 'The tower is … tall',
        values: [
          { value: '330 metres', findingIds: [expect.any(String)], urls: ['https://example.com/eiffel'] },
          { value: '300 m', findingIds: [expect.any(String)], urls: ['https://example.org/tower'] },
        ],
      },
    ]);
    const [tall, short] = result.conflicts?.[0]?.values ?? [];
    const prompt = writerPrompts(llm)[0];
    expect(prompt?.system).toContain('sources differ: 330 m [F1], 300 m [F2]');
    expect(prompt?.prompt).toContain(
      `"The tower is … tall": sources differ: 330 metres [${tall?.findingIds[0]}], 300 m [${short?.findingIds[0]}]`,
    );
    const end = events.find((event) => event.type === 'run-end');
    expect(end?.type === 'run-end' && end.conflicts).toEqual(result.conflicts);
    const checks = events.flatMap((event) => (event.type === 'evaluation' ? event.checks : []));
    expect(checks).toContainEqual(expect.objectContaining({ type: 'conflicts', pass: true }));
    expect(result.status).toBe('completed');
    expect(result.evaluation?.weaknesses.join(' ')).not.toContain('Sources differ');
  });

  it('fail an answer that states one value and hides the other, naming the conflict', async () => {
    const { result, events } = await run((call) =>
      call.prompt.includes('<evidence>') || call.system.includes('revise')
        ? 'The tower is 330 metres tall [F1].'
        : cooperativeText(call),
    );
    const checks = events.flatMap((event) => (event.type === 'evaluation' ? event.checks : []));
    expect(checks).toContainEqual(
      expect.objectContaining({
        type: 'conflicts',
        pass: false,
        reason: expect.stringContaining('the answer states 330 metres (F1) but not 300 m'),
      }),
    );
    expect(result.status).not.toBe('completed');
    expect(result.evaluation?.weaknesses).toContainEqual(
      expect.stringMatching(/^Sources differ on "The tower is … tall" \(q1\): the answer states 330 metres/),
    );
    expect(result.evaluation?.scores.accuracy).toBeLessThanOrEqual(4);
  });

  it('are stated in the answer text itself, each value with its source, when the writer leaves them out', async () => {
    const { result, events } = await run((call) =>
      call.prompt.includes('<evidence>') || call.system.includes('revise')
        ? 'The tower is 330 metres tall [F1].'
        : cooperativeText(call),
    );
    const tall =
      result.references.findIndex((reference) => reference.url === 'https://example.com/eiffel') + 1;
    expect(tall).toBeGreaterThan(0);
    // The answer every surface reads (/v1 content, the API's answer, MCP) says the sources differ.
    expect(result.answer).toContain(
      `## Sources differ\n\nThe sources give different values; each is stated with its source:\n\n- The tower is … tall: 330 metres [${tall}], 300 m (https://example.org/tower)`,
    );
    const end = events.find((event) => event.type === 'run-end');
    expect(end?.type === 'run-end' && end.answer).toBe(result.answer);
    // The engine's statement is not the writer's: the answer still took one side, and fails for it.
    const checks = events.flatMap((event) => (event.type === 'evaluation' ? event.checks : []));
    expect(checks).toContainEqual(expect.objectContaining({ type: 'conflicts', pass: false }));
  });

  it('are not stated again when the writer states every value with its citation', async () => {
    const { result } = await run(cooperativeText);
    expect(result.answer).not.toContain('## Sources differ');
    expect(result.answer).toMatch(/330 (metres|m) tall[^.]*\[\d\]/);
    expect(result.answer).toMatch(/300 m[^.]*\[\d\]/);
  });
});
