import { describe, expect, it } from 'vitest';
import type { ResearchEvent } from '../contract/index.js';
import { ConfigError } from '../errors.js';
import { createFakeLlm } from '../testing/fake-llm.js';
import { createFakeReader } from '../testing/fake-reader.js';
import { createFakeSearch } from '../testing/fake-search.js';
import {
  cooperativeObject,
  cooperativeText,
  PAGES,
  QUESTION,
  RESULTS,
} from '../testing/research-fixtures.js';
import { streamResearch } from './index.js';

function runtime() {
  return {
    llm: createFakeLlm({ object: cooperativeObject(), text: cooperativeText }),
    searchProviders: [createFakeSearch(RESULTS)],
    reader: createFakeReader(PAGES),
  };
}

describe('streamResearch', () => {
  it('is itself an async iterable of the events, each once, and still has events and result', async () => {
    const stream = streamResearch({ question: QUESTION }, runtime());
    const seen: ResearchEvent[] = [];
    for await (const event of stream) seen.push(event);
    const result = await stream.result;
    expect(seen[0]?.type).toBe('run-start');
    expect(seen.at(-1)).toMatchObject({ type: 'run-end', status: result.status });
    expect(seen.map((event) => event.index)).toEqual(seen.map((_, index) => index));
    // Iterating the stream consumed the events: `events` is the same queue, now drained.
    const rest: ResearchEvent[] = [];
    for await (const event of stream.events) rest.push(event);
    expect(rest).toEqual([]);
  });

  it('throws the error that kept the run from starting out of the iteration and the result', async () => {
    const stream = streamResearch({ question: QUESTION, tokenBudget: 0 }, runtime());
    await expect(stream.result).rejects.toBeInstanceOf(ConfigError);
    await expect(async () => {
      for await (const _event of stream) {
        // Draining: the iteration itself must throw.
      }
    }).rejects.toBeInstanceOf(ConfigError);
  });
});
