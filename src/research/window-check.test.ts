import { describe, expect, it } from 'vitest';
import { OUTSIDE_WINDOW_HEADING, type ResearchEvent } from '../contract/index.js';
import { createFakeLlm } from '../testing/fake-llm.js';
import { createFakeReader, type FakePage } from '../testing/fake-reader.js';
import { createFakeSearch } from '../testing/fake-search.js';
import {
  cooperativeObject,
  cooperativeText,
  HEIGHT_PLAN,
  PAGES,
  PASS,
  READY,
  RESULTS,
} from '../testing/research-fixtures.js';
import { research } from './index.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();
const EIFFEL = 'https://example.com/eiffel';

/** The fixture's truth about time: every page dated as the test says (the oracle of these tests). */
function datedPages(publishedAt: string | undefined): Record<string, FakePage> {
  return Object.fromEntries(Object.entries(PAGES).map(([url, page]) => [url, { ...page, publishedAt }]));
}

/**
 * Runs a question whose planner searches, reads the Eiffel page and says it is ready, again and
 * again. The evaluator misbehaves: it passes every check it is asked, freshness included, whatever
 * the sources' dates; only the engine can hold the run to the window.
 */
async function run(question: string, pages: Record<string, FakePage>, maxSteps = 8) {
  const cooperative = cooperativeObject({
    plan: () => HEIGHT_PLAN,
    action: (step) =>
      step % 3 === 0
        ? { think: 'Search.', action: { type: 'search', queries: [`eiffel tower news ${step}`] } }
        : step % 3 === 1
          ? { think: 'Read.', action: { type: 'read', urls: [EIFFEL] } }
          : { think: 'Done.', action: READY },
    check: () => PASS,
  });
  const llm = createFakeLlm({
    object: (call) => {
      const reply = cooperative(call);
      // The evaluator asks for the freshness check and, like every check, passes it.
      return call.schemaName === 'evaluation_checks' ? { ...(reply as object), freshness: true } : reply;
    },
    text: cooperativeText,
  });
  const events: ResearchEvent[] = [];
  const result = await research(
    { question, noDirectAnswer: true, breadth: 1, maxSteps },
    {
      llm,
      searchProviders: [createFakeSearch(RESULTS)],
      reader: createFakeReader(pages),
      onEvent: (event) => events.push(event),
    },
  );
  const guard = events.flatMap((event) => (event.type === 'finish-guard' ? [event] : []));
  return { result, guard };
}

const THIS_WEEK = 'How tall is the Eiffel Tower, as reported this week?';

describe('the window a question asks for', () => {
  it('ends best_effort, naming the sources dated before "this week" in the answer, though the evaluator passes them', async () => {
    const { result, guard } = await run(THIS_WEEK, datedPages('2001-05-04'));
    expect(result.status).toBe('best_effort');
    expect(result.stopReason).toBe('stale_sources');
    expect(guard[0]?.message).toContain(`${EIFFEL} (2001-05-04)`);
    // The answer itself says so: every surface that shows it (/v1, the API, MCP) does too.
    const section = result.answer.slice(result.answer.indexOf(`## ${OUTSIDE_WINDOW_HEADING}`));
    expect(result.answer).toContain(`## ${OUTSIDE_WINDOW_HEADING}`);
    expect(section).toContain(
      'the last week the question asks about (inferred from "this week" in the question)',
    );
    expect(section).toMatch(/- \[\d+\] https:\/\/example\.com\/eiffel \(2001-05-04\)/);
  });

  it('ends completed when the sources are dated within the window', async () => {
    const { result } = await run(THIS_WEEK, datedPages(daysAgo(2)));
    expect(result.status).toBe('completed');
    expect(result.answer).not.toContain(OUTSIDE_WINDOW_HEADING);
  });

  it('does not hold an undated source against the window: nothing shows it old', async () => {
    const { result } = await run(THIS_WEEK, datedPages(undefined));
    expect(result.status).toBe('completed');
    expect(result.answer).not.toContain(OUTSIDE_WINDOW_HEADING);
  });

  it('lets a question about the present state ("current") stand on an older page, naming it as a weakness only', async () => {
    const { result } = await run('What is the current height of the Eiffel Tower?', datedPages('2001-05-04'));
    expect(result.status).toBe('completed');
    expect(result.answer).not.toContain(OUTSIDE_WINDOW_HEADING);
    expect(result.evaluation?.weaknesses.join('\n')).toContain(`${EIFFEL} (2001-05-04)`);
  });

  it('ends stale_sources when the step cap comes first, with the sources named', async () => {
    const { result, guard } = await run(THIS_WEEK, datedPages('2001-05-04'), 4);
    expect(result.status).toBe('best_effort');
    expect(result.stopReason).toBe('stale_sources');
    expect(guard[0]?.message).toContain('step limit');
    expect(result.answer).toContain(`${EIFFEL} (2001-05-04)`);
  });
});
