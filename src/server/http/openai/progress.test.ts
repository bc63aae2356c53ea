import { describe, expect, it } from 'vitest';
import type { ResearchEvent } from '../../../contract/index.js';
import { progressLine } from './progress.js';

const base = { runId: 'r', index: 0, at: '2026-01-01T00:00:00.000Z', step: 3 };

describe('reasoning progress', () => {
  it('names the sub-researcher of each step and tool call', () => {
    const start: ResearchEvent = {
      ...base,
      subResearcher: 'q2',
      type: 'step-start',
      tokensUsed: 100,
      tokenBudget: 1000,
      elapsedMs: 5,
    };
    const call: ResearchEvent = {
      ...base,
      subResearcher: 'lead',
      type: 'tool-call',
      callId: 'c',
      tool: 'search',
      input: { query: 'eiffel' },
    };
    expect(progressLine(start)).toBe('\n[sub-researcher q2] Step 3 (100/1,000 tokens)\n');
    expect(progressLine(call)).toBe('[lead] → search {"query":"eiffel"}\n');
    const { subResearcher: _, ...plain } = start;
    expect(progressLine(plain as ResearchEvent)).toBe('\nStep 3 (100/1,000 tokens)\n');
  });
});
