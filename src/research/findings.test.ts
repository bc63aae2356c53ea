import { describe, expect, it } from 'vitest';
import type { ResearchEvent } from '../contract/index.js';
import { LlmError } from '../llm/errors.js';
import { createFakeLlm, type FakeLlmCall } from '../testing/fake-llm.js';
import { createFakeReader } from '../testing/fake-reader.js';
import { createFakeSearch } from '../testing/fake-search.js';
import {
  type CooperativeOverrides,
  cooperativeObject,
  cooperativeText,
  HEIGHT_FINDING,
  PAGES,
  QUESTION,
  READY,
  RESULTS,
} from '../testing/research-fixtures.js';
import { research } from './index.js';

const TWO_PAGES = ['https://example.com/eiffel', 'https://example.org/paris'];

/** Reads the Eiffel and Paris pages in one step, then says it is ready. */
function readTwoThenReady(step: number) {
  return step === 0
    ? { think: 'Read.', action: { type: 'read', urls: TWO_PAGES } }
    : { think: 'Done.', action: READY };
}

async function run(overrides: CooperativeOverrides, text: (call: FakeLlmCall) => unknown = cooperativeText) {
  const events: ResearchEvent[] = [];
  const llm = createFakeLlm({ object: cooperativeObject({ action: readTwoThenReady, ...overrides }), text });
  const result = await research(
    { question: QUESTION },
    {
      llm,
      searchProviders: [createFakeSearch(RESULTS)],
      reader: createFakeReader(PAGES),
      onEvent: (event) => events.push(event),
    },
  );
  const findings = events.flatMap((event) => (event.type === 'finding' ? [event.finding] : []));
  const warnings = events.flatMap((event) => (event.type === 'warning' ? [event] : []));
  return { result, events, llm, findings, warnings };
}

describe('findings', () => {
  it('keeps a finding whose quote is on the page, with the character range where it is', async () => {
    const { findings } = await run({ findings: () => ({ findings: [HEIGHT_FINDING] }) });
    expect(findings).toHaveLength(1);
    const [finding] = findings;
    expect(finding).toMatchObject({
      id: 'F1',
      claim: 'The Eiffel Tower is 330 metres tall.',
      subQuestionId: 'q1',
      source: { url: 'https://example.com/eiffel', title: 'Eiffel Tower facts' },
    });
    const text = PAGES['https://example.com/eiffel']?.text ?? '';
    const location = finding?.quotes[0]?.location;
    expect(location?.kind).toBe('chars');
    expect(text.slice(location?.start, location?.end)).toBe(
      'The tower is 330 metres tall and was completed in 1889.',
    );
  });

  it('drops a finding whose quote is not in the page, and says so in a warning', async () => {
    const invented = { ...HEIGHT_FINDING, quotes: ['The tower is 400 metres tall.'] };
    const { findings, warnings, events } = await run({
      findings: () => ({ findings: [invented, HEIGHT_FINDING] }),
    });
    expect(findings.map((finding) => finding.quotes[0]?.text)).toEqual([
      'The tower is 330 metres tall and was completed in 1889.',
    ]);
    const warning = warnings.find((event) => event.code === 'quote_not_found');
    expect(warning?.message).toContain('Dropped 1 finding');
    expect(warning?.message).toContain('The Eiffel Tower is 330 metres tall.');
    expect(events.some((event) => event.type === 'observation' && event.text.includes('(1 dropped)'))).toBe(
      true,
    );
  });

  it('keeps only the quotes found, and moves a finding to the page its quotes are on', async () => {
    const wrongPage = {
      source: 1,
      subQuestion: 'q2',
      claim: 'The company of Gustave Eiffel designed the tower.',
      quotes: [
        'The Eiffel Tower was designed by the company of Gustave Eiffel.',
        'It was designed by aliens.',
      ],
    };
    const noSuchPage = { ...HEIGHT_FINDING, source: 7 };
    const { findings } = await run({ findings: () => ({ findings: [wrongPage, noSuchPage] }) });
    expect(
      findings.map((finding) => [finding.source.url, finding.quotes.map((quote) => quote.text)]),
    ).toEqual([
      ['https://example.org/paris', ['The Eiffel Tower was designed by the company of Gustave Eiffel.']],
      ['https://example.com/eiffel', ['The tower is 330 metres tall and was completed in 1889.']],
    ]);
  });

  it('survives a malformed extraction: a warning, no findings, and the pages reach the writer as uncitable context', async () => {
    const garbled = () => new LlmError({ code: 'invalid_output', model: 'fake:model', message: 'not JSON' });
    const { result, findings, warnings, llm } = await run({ findings: garbled });
    expect(findings).toEqual([]);
    expect(
      warnings.some(
        (event) => event.code === 'invalid_output' && event.message.includes('Extracting findings'),
      ),
    ).toBe(true);
    expect(result.status).toBe('best_effort');
    const writer = llm.calls.find((call) => call.role === 'writer');
    expect(writer?.prompt).toMatch(
      /<context-passages[^>]*>[\s\S]*330 metres tall[\s\S]*<\/context-passages>/,
    );
    expect(result.references).toEqual([]);
  });

  it('keeps the good findings of a reply with malformed ones, and maps an unknown sub-question id', async () => {
    const { findings, warnings } = await run({
      findings: () => ({
        findings: [
          null,
          { source: 1, claim: 'No quotes here.' },
          { ...HEIGHT_FINDING, subQuestion: 'the height one' },
        ],
      }),
    });
    expect(findings).toHaveLength(1);
    expect(findings[0]?.subQuestionId).toBe('q1');
    expect(warnings.find((event) => event.code === 'invalid_finding')?.message).toContain('2 malformed');
  });

  it('merges a finding the extractor repeats, so the writer sees it once', async () => {
    const { findings, llm } = await run({ findings: () => ({ findings: [HEIGHT_FINDING, HEIGHT_FINDING] }) });
    expect(findings.map((finding) => finding.id)).toEqual(['F1', 'F2']);
    const writer = llm.calls.find((call) => call.role === 'writer');
    expect(writer?.prompt).toContain('[F1] (also F2) The Eiffel Tower is 330 metres tall.');
    expect(writer?.prompt).not.toContain('[F2] The Eiffel');
  });
});
