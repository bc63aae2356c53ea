import { parseHTML } from 'linkedom';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ResearchEvent } from '../../../src/contract/index.js';
import { normalRun } from '../state/fixtures/index.js';
import { foldEvents, initialRunViewState } from '../state/index.js';
import { StatusLine } from './status-line.js';

const START = Date.parse('2026-12-01T10:00:00.000Z');
const at = (seconds: number) => new Date(START + seconds * 1000).toISOString();
const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** A run that plans for 12 s, waits for its plan review, and is answered ten minutes later. */
function pausedRun(): ResearchEvent[] {
  const base = { runId: 'run-paused', step: 0 };
  const runStart = normalRun[0] as ResearchEvent;
  return [
    { ...runStart, ...base, index: 0, at: at(0) },
    {
      ...base,
      index: 1,
      at: at(12),
      type: 'input-request',
      elapsedMs: 12 * SECOND,
      request: { kind: 'clarify', questions: ['Which Europe: the continent or the EU?'] },
    },
    {
      ...base,
      index: 2,
      at: at(612),
      type: 'input-answer',
      answer: { kind: 'clarify', answers: ['The continent.'] },
    },
  ] as ResearchEvent[];
}

/** The time the status line shows (its last field). */
function shownTime(events: ResearchEvent[], status: 'running' | 'needs_input', nowMs: number): string {
  const view = foldEvents(initialRunViewState, events);
  const html = renderToStaticMarkup(<StatusLine view={view} status={status} now={nowMs} />);
  const { document } = parseHTML(`<div>${html}</div>`);
  const fields = [...document.querySelectorAll('[data-testid="status-line"] > span')];
  return fields.at(-1)?.textContent ?? '';
}

describe('StatusLine elapsed time', () => {
  it('stops while the run waits for a person and goes on from there once answered', () => {
    const events = pausedRun();
    const waiting = events.slice(0, 2);
    expect(shownTime(waiting, 'needs_input', START + 13 * SECOND)).toBe('12 s');
    expect(shownTime(waiting, 'needs_input', START + 10 * MINUTE)).toBe('12 s');
    // Answered at 612 s: the ten minutes of waiting are not run time.
    expect(shownTime(events, 'running', START + 615 * SECOND)).toBe('15 s');
  });

  it('counts from the start while the run works', () => {
    expect(shownTime(pausedRun().slice(0, 1), 'running', START + 8 * SECOND)).toBe('8.0 s');
  });
});
