import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { ResearchEvent, ResearchEventPayload } from '../contract/index.js';
import { createProgressRenderer } from './progress.js';

const usage = (totalTokens: number, costUsd: number | null) => ({
  inputTokens: totalTokens,
  outputTokens: 0,
  totalTokens,
  costUsd,
});

function render(isTTY: boolean, costUsd: number | null) {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk) => {
    text += chunk;
  });
  let clock = 0;
  const progress = createProgressRenderer({ stream, isTTY, tokenBudget: 20_000, now: () => clock });
  let index = 0;
  const emit = (payload: ResearchEventPayload, step: number) =>
    progress.onEvent({ ...payload, runId: 'r', index: index++, at: '', step } as ResearchEvent);
  emit({ type: 'thought', action: 'search', text: 'Look it up.' }, 1);
  clock = 12_000;
  emit(
    {
      type: 'usage',
      role: 'planner',
      model: 'm',
      ok: true,
      call: usage(5000, costUsd),
      total: usage(5000, costUsd),
      llmCalls: 1,
    },
    1,
  );
  progress.close();
  return text;
}

describe('progress on stderr', () => {
  it('keeps one live status line on a terminal: step, action, budget used, tokens, cost, elapsed', () => {
    const text = render(true, 0.0123);
    expect(text).toContain('→ search: Look it up.\n');
    expect(text).toContain('\r\x1b[2K⏳ step 1 · search · budget 25% · 5,000 tokens · $0.0123 · 12s');
    expect(text.endsWith('\r\x1b[2K')).toBe(true); // cleared on close, so the answer starts clean
  });

  it('says the cost is unknown rather than $0 for a model without a price', () => {
    expect(render(true, null)).toContain('5,000 tokens · cost n/a');
  });

  it('writes plain lines, no control characters, off a terminal', () => {
    const text = render(false, 0.5);
    expect(text).toBe('[step 1] → search: Look it up.\n');
  });

  it('shows a compute step: what it computes, from which findings, its program, then its output', () => {
    const { text, emit } = recorder(false);
    const program =
      'const change = inputs.F2.numbers[0] - inputs.F1.numbers[0];\nreturn change; // \x1b[31mred';
    emit(
      {
        type: 'tool-call',
        callId: 'k1',
        tool: 'compute',
        input: { purpose: 'change of visits', inputs: ['F1', 'F2'], program },
      },
      2,
    );
    emit(
      {
        type: 'tool-result',
        callId: 'k1',
        tool: 'compute',
        ok: true,
        durationMs: 41,
        summary: 'output 30000 in 2 ms',
      },
      2,
    );
    expect(text()).toBe(
      '[step 2]   ƒ compute change of visits from F1, F2:\n      const change = inputs.F2.numbers[0] - inputs.F1.numbers[0];\n      return change; // ␛[31mred\n[step 2]   ✓ compute (41 ms): output 30000 in 2 ms\n',
    );
  });

  it('shows what a tool call does in words, and the cost as n/a until one is known', () => {
    const { text, emit } = recorder(true);
    emit({ type: 'step-start', tokensUsed: 0, tokenBudget: 20_000, elapsedMs: 0 }, 1);
    emit(
      {
        type: 'tool-call',
        callId: 'c1',
        tool: 'search',
        input: { query: 'eiffel tower', providers: ['wikipedia'] },
      },
      1,
    );
    emit(
      { type: 'tool-call', callId: 'c2', tool: 'read', input: { url: 'https://example.com/towers?page=2' } },
      1,
    );
    expect(text()).toContain('step 1 · searching "eiffel tower" · budget 0% · 0 tokens · cost n/a');
    expect(text()).toContain('step 1 · reading example.com/towers · budget 0%');
    expect(text()).not.toContain('$0.0000');
    expect(text()).not.toContain('{');
  });

  it('follows what the run does now: a finished search no longer shows as searching', () => {
    const { text, emit } = recorder(true);
    /** The status line drawn last: what a person sees now. */
    const shown = () => text().split('\r\x1b[2K').at(-1) ?? '';
    emit({ type: 'step-start', tokensUsed: 0, tokenBudget: 20_000, elapsedMs: 0 }, 1);
    expect(shown()).toContain('· choosing the next action ·');
    emit({ type: 'thought', action: 'search', text: 'Look it up.' }, 1);
    emit({ type: 'tool-call', callId: 'c1', tool: 'search', input: { query: 'eiffel tower' } }, 1);
    expect(shown()).toContain('· searching "eiffel tower" ·');
    emit(
      { type: 'tool-result', callId: 'c1', tool: 'search', ok: true, durationMs: 5, summary: '3 results' },
      1,
    );
    expect(shown()).not.toContain('searching');
    emit({ type: 'observation', text: 'Found 3 results.' }, 1);
    expect(shown()).toContain('· choosing the next action ·');
    emit({ type: 'tool-call', callId: 'c2', tool: 'read', input: { url: 'https://a.example/x' } }, 2);
    emit({ type: 'tool-call', callId: 'c3', tool: 'read', input: { url: 'https://b.example/y' } }, 2);
    emit({ type: 'tool-result', callId: 'c3', tool: 'read', ok: true, durationMs: 5, summary: 'read' }, 2);
    expect(shown()).toContain('· reading a.example/x ·');
    emit({ type: 'tool-result', callId: 'c2', tool: 'read', ok: true, durationMs: 5, summary: 'read' }, 2);
    expect(shown()).toContain('· extracting findings ·');
    emit({ type: 'thought', action: 'ready', text: 'Enough.' }, 3);
    expect(shown()).toContain('· writing the answer ·');
    emit({ type: 'answer-draft', attempt: 1, answer: 'A.', references: [] }, 3);
    expect(shown()).toContain('· checking claims ·');
    emit(
      { type: 'verification', attempt: 1, claims: [], summary: { total: 0, supported: 0, unsupported: [] } },
      3,
    );
    expect(shown()).toContain('· evaluating the answer ·');
    emit({ type: 'evaluation', attempt: 1, pass: false, checks: [] }, 3);
    expect(shown()).toContain('· choosing the next action ·');
    emit({ type: 'finish-guard', reason: 'max_steps', message: 'Step cap.' }, 4);
    expect(shown()).toContain('· writing the final answer ·');
  });

  it('ends a run that made no model call with the cost it showed all along, n/a, not $0.0000', () => {
    const { text, emit } = recorder(false);
    emit(
      {
        type: 'run-end',
        status: 'cancelled',
        stopReason: 'cancelled',
        answer: '',
        references: [],
        claims: { total: 0, supported: 0, unsupported: [] },
        words: 0,
        usage: usage(0, 0),
        llmCalls: 0,
        steps: 0,
        durationMs: 100,
      },
      0,
    );
    expect(text()).toContain('0 model calls, 0 tokens, cost n/a\n');
  });

  it('words the status as the exports and the web UI do: "best effort", not best_effort', () => {
    const { text, emit } = recorder(false);
    emit(
      {
        type: 'run-end',
        status: 'best_effort',
        stopReason: 'max_steps',
        answer: 'A',
        references: [],
        claims: { total: 0, supported: 0, unsupported: [] },
        words: 1,
        usage: usage(1, null),
        llmCalls: 1,
        steps: 3,
        durationMs: 1000,
      },
      1,
    );
    expect(text()).toContain('Finished: best effort (max_steps) in 1.0s');
  });

  it('does not say the status twice when the stop reason only repeats it', () => {
    const { text, emit } = recorder(false);
    emit(
      {
        type: 'run-end',
        status: 'cancelled',
        stopReason: 'cancelled',
        answer: '',
        references: [],
        claims: { total: 0, supported: 0, unsupported: [] },
        words: 0,
        usage: usage(1, null),
        llmCalls: 1,
        steps: 1,
        durationMs: 1000,
      },
      1,
    );
    expect(text()).toContain('Finished: cancelled in 1.0s');
  });

  it('counts in words that agree with their number', () => {
    const { text, emit } = recorder(false);
    emit({ type: 'plan', subQuestions: [{ id: 'q1', text: 'When?', status: 'open', intent: 'explore' }] }, 0);
    emit(
      {
        type: 'answer-draft',
        attempt: 1,
        answer: 'A [1].',
        references: [{ url: 'u', title: 't', quote: 'q', verified: true }],
      },
      1,
    );
    emit(
      {
        type: 'run-end',
        status: 'completed',
        stopReason: 'evaluation_passed',
        answer: 'A',
        references: [],
        claims: { total: 0, supported: 0, unsupported: [] },
        words: 1,
        usage: usage(1, null),
        llmCalls: 1,
        steps: 1,
        durationMs: 1000,
      },
      1,
    );
    expect(text()).toContain('Plan: 1 open sub-question\n');
    expect(text()).toContain('Drafted answer #1 with 1 reference\n');
    expect(text()).toContain(
      'Finished: completed (evaluation_passed) in 1.0s, 1 step, 1 model call, 1 token, cost n/a\n',
    );
  });
});

describe('progress of the plan', () => {
  it('shows the perspectives of a plan with several, and marks the gaps the critique added', () => {
    const { text, emit } = recorder(false);
    emit(
      {
        type: 'plan',
        perspectives: [
          { id: 'p1', name: 'History', focus: 'how it came to be' },
          { id: 'p2', name: 'Criticism', focus: 'who objects' },
        ],
        subQuestions: [
          { id: 'q1', text: 'When was it built?', status: 'open', intent: 'explore', perspective: 'p1' },
          {
            id: 'q2',
            text: 'Who objected?',
            status: 'open',
            intent: 'deep-dive',
            perspective: 'p2',
            origin: 'critique',
          },
        ],
      },
      0,
    );
    expect(text()).toContain('Plan: 2 open sub-questions in 2 perspectives (History, Criticism)');
    expect(text()).toContain('· When was it built? [History]');
    expect(text()).toContain('· Who objected? [Criticism, gap]');
  });
});

describe('progress of findings and claims', () => {
  it('shows each finding, the support rate of an answer and its unsupported claims', () => {
    const stream = new PassThrough();
    let text = '';
    stream.on('data', (chunk) => {
      text += chunk;
    });
    const progress = createProgressRenderer({ stream, isTTY: false, tokenBudget: 1_000 });
    const emit = (payload: ResearchEventPayload) =>
      progress.onEvent({ ...payload, runId: 'r', index: 0, at: '', step: 2 } as ResearchEvent);
    emit({
      type: 'finding',
      finding: {
        id: 'F3',
        claim: 'The tower is 330 metres tall.',
        quotes: [{ text: 'It is 330 metres tall.', location: { kind: 'chars', start: 0, end: 22 } }],
        source: { url: 'https://example.com/', title: 'Example' },
        subQuestionId: 'q1',
      },
    });
    emit({
      type: 'verification',
      attempt: 1,
      claims: [],
      summary: {
        total: 4,
        supported: 3,
        unsupported: [{ text: 'It is 500 metres tall.', reason: 'The quotes do not say this.' }],
      },
    });
    progress.close();
    expect(text).toContain('[step 2]   + F3 (q1): The tower is 330 metres tall.\n');
    expect(text).toContain('Checked claims of answer #1: 3 of 4 claims supported by their quotes (75%)');
    expect(text).toContain('✗ It is 500 metres tall. (The quotes do not say this.)');
  });
});

function recorder(isTTY: boolean) {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk) => {
    text += chunk;
  });
  const progress = createProgressRenderer({ stream, isTTY, tokenBudget: 20_000, now: () => 0 });
  let index = 0;
  const emit = (payload: ResearchEventPayload, step: number, subResearcher?: string) =>
    progress.onEvent({
      ...payload,
      runId: 'r',
      index: index++,
      at: '',
      step,
      ...(subResearcher ? { subResearcher } : {}),
    } as ResearchEvent);
  return { text: () => text, emit };
}

describe('progress of sub-researchers', () => {
  const start = { type: 'step-start', tokensUsed: 0, tokenBudget: 20_000, elapsedMs: 0 } as const;

  it('shows one live line per sub-researcher at work on a terminal, and drops it when its step ends', () => {
    const { text, emit } = recorder(true);
    emit(start, 2, 'q1');
    emit(start, 3, 'q2');
    emit({ type: 'tool-call', callId: 'a', tool: 'search', input: { query: 'eiffel height' } }, 2, 'q1');
    const block = text().split('\r\x1b[2K').at(-1) ?? '';
    expect(block.split('\n')).toEqual([
      expect.stringContaining('⏳ step 3'),
      expect.stringMatching(/^ {3}↳ sub-researcher q1 · step 2 · .*eiffel height/),
      '   ↳ sub-researcher q2 · step 3 · starting',
    ]);
    emit({ type: 'observation', text: 'Searched 1 query.' }, 2, 'q1');
    const after = text().split('\r\x1b[2K').at(-1) ?? '';
    expect(after).not.toContain('sub-researcher q1');
    expect(after).toContain('sub-researcher q2');
    // Each redraw first clears the lines the last one drew.
    expect(text()).toContain('\x1b[1A\r\x1b[2K');
  });

  it('names the sub-researcher of each plain line off a terminal', () => {
    const { text, emit } = recorder(false);
    emit({ type: 'thought', action: 'read', text: 'Read the best pages.' }, 4, 'q3');
    expect(text()).toBe('[step 4 q3] → read: Read the best pages.\n');
  });
});
