import { describe, expect, it } from 'vitest';
import type { ResearchEvent } from '../../contract/index.js';
import { createFakeLlm } from '../../testing/fake-llm.js';
import { createFakeReader } from '../../testing/fake-reader.js';
import { createFakeSearch } from '../../testing/fake-search.js';
import {
  cooperativeObject,
  cooperativeText,
  PAGES,
  QUESTION,
  READY,
  RESULTS,
} from '../../testing/research-fixtures.js';
import { research } from '../index.js';

const DOCS = {
  ...PAGES,
  'https://docs.example/index': {
    title: 'Docs',
    markdown: 'Index.\n\n[Height](https://docs.example/docs/height) [Blog](https://docs.example/blog/x)',
  },
  'https://docs.example/docs/height': {
    title: 'Height',
    text: 'The tower is 330 metres tall and made of iron.',
  },
  'https://docs.example/blog/x': { title: 'Blog', text: 'Unrelated blog post.' },
};

describe('deep-read', () => {
  it('reads a page and the linked pages matching the pattern, then cites their findings as verified', async () => {
    const events: ResearchEvent[] = [];
    const reader = createFakeReader(DOCS);
    const actions = (step: number) =>
      step === 0
        ? {
            think: 'Crawl docs.',
            action: { type: 'deep-read', url: 'https://docs.example/index', pattern: '/docs/' },
          }
        : { think: 'Done.', action: READY };
    const result = await research(
      { question: QUESTION },
      {
        llm: createFakeLlm({ object: cooperativeObject({ action: actions }), text: cooperativeText }),
        searchProviders: [createFakeSearch(RESULTS)],
        reader,
        onEvent: (event) => events.push(event),
      },
    );
    // The deep read reads the page and its matching link only (sub-researchers read other hosts).
    expect(reader.calls.filter((url) => url.startsWith('https://docs.example/'))).toEqual([
      'https://docs.example/index',
      'https://docs.example/docs/height',
    ]);
    expect(events.find((event) => event.type === 'tool-result' && event.tool === 'deep-read')).toMatchObject({
      ok: true,
    });
    expect(result.references).toContainEqual(
      expect.objectContaining({ url: 'https://docs.example/docs/height', verified: true }),
    );
  });

  it('runs a catastrophic pattern from the model in linear time and refuses one RE2 cannot run', async () => {
    const long = `https://docs.example/${'a'.repeat(40)}b`;
    const pages = {
      ...DOCS,
      'https://docs.example/index': { title: 'Docs', markdown: `Index.\n\n[Long](${long})` },
      [long]: { title: 'Long', text: 'A page behind a long link.' },
    };
    const reader = createFakeReader(pages);
    const actions = (step: number) =>
      step === 0
        ? {
            think: 'Crawl.',
            action: {
              type: 'deep-read',
              url: 'https://docs.example/index',
              pattern: '^https://docs.example/(a|a)*$',
            },
          }
        : step === 1
          ? {
              think: 'Again.',
              action: { type: 'deep-read', url: 'https://docs.example/docs/height', pattern: '(?<=docs)/x' },
            }
          : { think: 'Done.', action: READY };
    const events: ResearchEvent[] = [];
    const result = await research(
      { question: QUESTION },
      {
        llm: createFakeLlm({ object: cooperativeObject({ action: actions }), text: cooperativeText }),
        searchProviders: [createFakeSearch(RESULTS)],
        reader,
        onEvent: (event) => events.push(event),
      },
    );
    // With backtracking this pattern takes 2^40 steps on the long link; on RE2 it simply does not match.
    expect(reader.calls.slice(0, 1)).toEqual(['https://docs.example/index']);
    expect(reader.calls).not.toContain(long);
    const failed = events.find(
      (event) => event.type === 'tool-result' && event.tool === 'deep-read' && !event.ok,
    );
    expect(failed).toMatchObject({ error: { code: 'invalid_pattern' } });
    expect(result.status).not.toBe('failed');
  });
});
