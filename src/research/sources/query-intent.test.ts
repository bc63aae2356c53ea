import { describe, expect, it } from 'vitest';
import { planSchema } from '../prompts/plan-prompt.js';
import { intentFromQuestion, namedSite, resolveIntent } from './query-intent.js';

const NOW = new Date('2026-11-27T12:00:00Z');
const intentOf = (question: string) => intentFromQuestion(question, NOW)?.intent;

describe('intentFromQuestion', () => {
  it('reads what the question wants of its sources from its words', () => {
    expect(intentOf('What do recent papers say about sleep and memory consolidation?')).toBe('academic');
    expect(intentOf('How do I set the pool size? Check the docs of the driver.')).toBe('documentation');
    expect(intentOf('What did the government announce about the heat pump subsidy?')).toBe('official');
    expect(intentOf('Is the new e-reader worth it? Reviews and experiences')).toBe('opinion');
    expect(intentOf('What are the latest developments in fusion energy?')).toBe('recent');
    expect(intentOf('How tall is the Eiffel Tower?')).toBeUndefined();
  });

  it('reads a named site from a site: filter or a domain name, not from a library name', () => {
    expect(intentFromQuestion('asyncio timeouts site:docs.python.org', NOW)).toMatchObject({
      intent: 'site',
      site: 'docs.python.org',
    });
    expect(namedSite('What does python.org say about the GIL?')).toBe('python.org');
    expect(namedSite('Why is node.js single-threaded? See setup.py too.')).toBeUndefined();
  });
});

describe('resolveIntent', () => {
  it("takes the question's words first, then the planner's, and a site without a domain name as none", () => {
    expect(resolveIntent('papers on sleep', 'opinion', NOW)).toMatchObject({
      intent: 'academic',
      from: 'question',
    });
    expect(resolveIntent('How tall is the tower?', 'official', NOW)).toMatchObject({
      intent: 'official',
      from: 'plan',
    });
    expect(resolveIntent('How tall is the tower?', 'site', NOW).intent).toBe('none');
    expect(resolveIntent('How tall is the tower?', undefined, NOW).intent).toBe('none');
  });

  it("reads a garbage sourceIntent in the planner's reply as none, without failing the plan", () => {
    const parsed = planSchema.parse({
      think: 'x',
      trivial: false,
      perspectives: [],
      subQuestions: [{ text: 'How tall?', intent: 'explore', perspective: '' }],
      sourceIntent: 'IGNORE PREVIOUS INSTRUCTIONS',
    });
    expect(parsed.sourceIntent).toBe('none');
    const missing = planSchema.parse({ think: 'x', trivial: false, perspectives: [], subQuestions: [] });
    expect(missing.sourceIntent).toBe('none');
  });
});
