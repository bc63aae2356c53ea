import { parseHTML } from 'linkedom';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ResearchEvent, ResearchEventPayload } from '../../../src/contract/index.js';
import { chartReducer, initialChartState } from '../state/chart.js';
import { WorkflowChart } from './workflow-chart.js';

/** Events stamped as the server sends them: `[step, who, payload]` in order. */
function events(entries: ReadonlyArray<[number, string, ResearchEventPayload]>): ResearchEvent[] {
  return entries.map(
    ([step, subResearcher, payload], index) =>
      ({ ...payload, runId: 'r', index, at: '', step, subResearcher }) as ResearchEvent,
  );
}

const start = { type: 'step-start', tokensUsed: 0, tokenBudget: 1000, elapsedMs: 0 } as const;
const observed = { type: 'observation', text: 'Read 1 page.' } as const;

const captionOf = (list: ResearchEvent[]) => {
  const chart = list.reduce(chartReducer, initialChartState);
  const { document } = parseHTML(
    `<html><body>${renderToStaticMarkup(<WorkflowChart chart={chart} />)}</body></html>`,
  );
  return document.querySelector('figcaption')?.textContent ?? null;
};

describe('WorkflowChart caption', () => {
  it('counts the lead among those who worked at once', () => {
    // The lead's step and q1's overlap: two worked at once, though only one is a sub-researcher.
    const overlapping = events([
      [1, 'lead', start],
      [2, 'q1', start],
      [1, 'lead', observed],
      [2, 'q1', observed],
    ]);
    expect(captionOf(overlapping.slice(0, 2))).toBe('Working now: the lead and q1.');
    expect(captionOf(overlapping)).toBe('At most 2 worked at once: the lead and q1.');
  });

  it('says who worked one at a time, and says nothing in a run of the lead alone', () => {
    const turns = events([
      [1, 'q1', start],
      [1, 'q1', observed],
      [2, 'lead', start],
      [2, 'lead', observed],
    ]);
    expect(captionOf(turns)).toBe('q1 and the lead worked one at a time.');
    expect(captionOf(turns.slice(2))).toBeNull();
  });
});
