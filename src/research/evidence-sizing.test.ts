import { describe, expect, it } from 'vitest';
import type { ResearchEvent } from '../contract/index.js';
import { estimateTokens } from '../llm/index.js';
import { createFakeLlm } from '../testing/fake-llm.js';
import { createFakeReader } from '../testing/fake-reader.js';
import { createFakeSearch } from '../testing/fake-search.js';
import {
  cooperativeObject,
  cooperativeText,
  HEIGHT_FINDING,
  PAGES,
  QUESTION,
  READY,
  RESULTS,
} from '../testing/research-fixtures.js';
import { createScriptedModel } from '../testing/scripted-model.js';
import {
  SYNTHETIC_QUESTION,
  SYNTHETIC_TOPICS,
  syntheticPages,
  syntheticResearcher,
  syntheticResults,
} from '../testing/synthetic-pages.js';
import { research } from './index.js';

const PAGES_30 = syntheticPages(30, 15_000);
const URLS = Object.keys(PAGES_30);

describe('evidence sized to the model', () => {
  it('gives the writer findings of every sub-question from 30 long pages, within an 8k window and the budget', async () => {
    expect(Object.values(PAGES_30).every((page) => (page.text?.length ?? 0) >= 15_000)).toBe(true);
    const model = createScriptedModel(syntheticResearcher(URLS));
    const events: ResearchEvent[] = [];
    const tokenBudget = 150_000;
    const result = await research(
      {
        question: SYNTHETIC_QUESTION,
        model: 'scripted:model',
        contextTokens: 8_192,
        tokenBudget,
        maxSteps: 12,
      },
      {
        languageModels: { 'scripted:model': model },
        searchProviders: [createFakeSearch(syntheticResults(PAGES_30))],
        reader: createFakeReader(PAGES_30),
        onEvent: (event) => events.push(event),
      },
    );
    expect(result.status).toBe('completed');
    expect(result.usage.totalTokens).toBeLessThanOrEqual(tokenBudget);
    const read = events.filter((event) => event.type === 'tool-result' && event.tool === 'read' && event.ok);
    expect(read).toHaveLength(30);
    const writer = model.calls.find(
      (call) => !call.schemaName && call.system.includes('You write the answer'),
    );
    const evidence = /<evidence>\n([\s\S]*?)\n<\/evidence>/.exec(writer?.prompt ?? '')?.[1] ?? '';
    for (const [index] of SYNTHETIC_TOPICS.entries()) {
      const group = new RegExp(`## q${index + 1} \\(open\\)[^\\n]*\\n\\[F\\d+\\]`);
      expect(evidence).toMatch(group);
    }
    // The writer's prompt and its output fit the 8k window.
    const maxOutput = writer?.options.maxOutputTokens ?? 0;
    expect(estimateTokens(writer?.system ?? '', writer?.prompt ?? '') + maxOutput).toBeLessThanOrEqual(8_192);
    // Every extraction prompt fits the window too.
    for (const call of model.calls.filter((item) => item.schemaName === 'findings'))
      expect(
        estimateTokens(call.system, call.prompt) + (call.options.maxOutputTokens ?? 0),
      ).toBeLessThanOrEqual(8_192);
    expect(result.claims.total).toBeGreaterThan(0);
    expect(result.claims.supported).toBe(result.claims.total);
  });

  it('keeps the evidence of a sub-question closed early in the final prompt', async () => {
    const actions = (step: number) =>
      [
        { think: 'Read.', action: { type: 'read', urls: ['https://example.com/eiffel'] } },
        {
          think: 'The height is known.',
          action: {
            type: 'reflect',
            addSubQuestions: [],
            closeSubQuestions: [{ id: 'q1', note: 'F1 gives it.' }],
          },
        },
        { think: 'Read.', action: { type: 'read', urls: ['https://example.org/paris'] } },
      ][step] ?? { think: 'Done.', action: READY };
    const findings = (_call: unknown, count: number) =>
      count === 0
        ? { findings: [HEIGHT_FINDING] }
        : {
            findings: [
              {
                source: 1,
                subQuestion: 'q2',
                claim: 'The company of Gustave Eiffel designed it.',
                quotes: ['The Eiffel Tower was designed by the company of Gustave Eiffel.'],
              },
            ],
          };
    const llm = createFakeLlm({
      object: cooperativeObject({ action: actions, findings }),
      text: cooperativeText,
    });
    const result = await research(
      { question: QUESTION },
      { llm, searchProviders: [createFakeSearch(RESULTS)], reader: createFakeReader(PAGES) },
    );
    const writer = llm.calls.find((call) => call.role === 'writer');
    expect(writer?.prompt).toMatch(
      /## q1 \(closed\): What is the height of the Eiffel Tower\?\n\[F1\] The Eiffel Tower is 330 metres tall\./,
    );
    expect(writer?.prompt).toMatch(/## q2 \(open\)[^\n]*\n\[F2\]/);
    expect(result.answer).toMatch(/330 (metres|m) tall \[1\]/); // the cooperative writer may write 'm'
  });
});
