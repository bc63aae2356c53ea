import { parseHTML } from 'linkedom';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ResearchEvent } from '../../../src/contract/index.js';
import { foldEvents, initialRunViewState } from '../state/index.js';
import { MemoriesPanel } from './memories-panel.js';

const memoryEvent: ResearchEvent = {
  type: 'memory',
  runId: 'now',
  index: 1,
  at: '2026-11-27T08:00:00.000Z',
  step: 0,
  runs: [
    {
      runId: '3f2c1a9b-earlier',
      question: 'How tall is the <b>Eiffel</b> Tower?',
      rememberedAt: '2026-11-15T08:00:00.000Z',
      ageDays: 12,
      findings: 4,
      staleFindings: 1,
      followUp: true,
    },
  ],
};

describe('remembered runs', () => {
  it('are folded from the memory event and shown linked to their runs, their text as text', () => {
    const view = foldEvents(initialRunViewState, [memoryEvent]);
    expect(view.memories.map((use) => use.runId)).toEqual(['3f2c1a9b-earlier']);
    const kept = new Map([['3f2c1a9b-earlier', true]]);
    const html = renderToStaticMarkup(
      <MemoriesPanel memories={view.memories} kept={kept} onOpen={() => {}} />,
    );
    const { document } = parseHTML(`<div>${html}</div>`);
    const link = document.querySelector('a');
    expect(link?.getAttribute('href')).toBe('/runs/3f2c1a9b-earlier');
    expect(link?.textContent).toBe('How tall is the <b>Eiffel</b> Tower?');
    expect(document.querySelector('b')).toBeNull();
    expect(document.querySelector('li')?.textContent).toContain(
      '12 days ago · 4 findings offered · 1 too old for this question · followed up',
    );
  });

  it('names a memory whose run is not kept without a link, saying why', () => {
    const view = foldEvents(initialRunViewState, [memoryEvent]);
    const notKept = new Map([['3f2c1a9b-earlier', false]]);
    const { document } = parseHTML(
      `<div>${renderToStaticMarkup(<MemoriesPanel memories={view.memories} kept={notKept} onOpen={() => {}} />)}</div>`,
    );
    expect(document.querySelector('a')).toBeNull();
    expect(document.querySelector('li')?.textContent).toContain('How tall is the <b>Eiffel</b> Tower?');
    expect(document.querySelector('li')?.textContent).toContain('its run is not kept here');
    // While unknown, no link either: a link appears only once the run is known to open.
    const unknown = renderToStaticMarkup(
      <MemoriesPanel memories={view.memories} kept={new Map()} onOpen={() => {}} />,
    );
    expect(unknown).not.toContain('<a');
  });

  it('shows nothing for a run that remembered none', () => {
    expect(renderToStaticMarkup(<MemoriesPanel memories={[]} kept={new Map()} onOpen={() => {}} />)).toBe('');
    expect(initialRunViewState.memories).toEqual([]);
  });
});
