import { describe, expect, it } from 'vitest';
import { toToolOutput } from './tool-output.js';

describe('toToolOutput', () => {
  it('shows a structured answer without text as its JSON', () => {
    const output = toToolOutput({ structuredContent: { results: [{ url: 'https://example.com/' }] } });
    expect(JSON.parse(output.text)).toEqual({ results: [{ url: 'https://example.com/' }] });
    expect(output.isError).toBe(false);
  });

  it('refuses a structured answer nested 100,000 deep by saying so, not with a stack overflow', () => {
    let nested: unknown = 'bottom';
    for (let depth = 0; depth < 100_000; depth++) nested = [nested];
    expect(() => toToolOutput({ structuredContent: nested })).toThrow(
      /structured content is nested too deeply to read as JSON/,
    );
  });
});
