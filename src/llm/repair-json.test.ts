import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseStructured } from './repair-json.js';

const schema = z.object({ action: z.string(), queries: z.array(z.string()) });

describe('parseStructured', () => {
  it('reads fenced JSON with prose around it and trailing commas', () => {
    const text = 'Here you go:\n```json\n{"action": "search", "queries": ["a", "b",],}\n```\nDone.';
    expect(parseStructured(text, schema)).toEqual({
      ok: true,
      value: { action: 'search', queries: ['a', 'b'] },
    });
  });

  it('repairs single quotes and an object cut off at the end', () => {
    expect(parseStructured("{'action': 'search', 'queries': ['x'", schema)).toEqual({
      ok: true,
      value: { action: 'search', queries: ['x'] },
    });
  });

  it('reports schema mismatches with the field name', () => {
    const outcome = parseStructured('{"action": 3, "queries": []}', schema);
    expect(outcome.ok).toBe(false);
    expect(outcome.ok ? '' : outcome.problem).toMatch(/action/);
  });

  it('reports an empty reply', () => {
    expect(parseStructured('   ', schema)).toMatchObject({ ok: false });
  });
});
