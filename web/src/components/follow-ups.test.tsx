import { parseHTML } from 'linkedom';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ResearchEvent } from '../../../src/contract/index.js';
import { createApiClient } from '../api/index.js';
import { findingsRun } from '../state/fixtures/index.js';
import { foldEvents, initialRunViewState } from '../state/index.js';
import { FollowUps } from './follow-ups.js';
import { RunActions } from './run-actions.js';

const render = (markup: string) => parseHTML(`<html><body>${markup}</body></html>`).document;
const api = createApiClient({ fetch: (async () => Response.json({})) as typeof fetch });

/** The findings run, its run-end carrying follow-ups, one of them hostile markup. */
function withFollowUps(questions: string[]): ResearchEvent[] {
  return findingsRun.map((event) => (event.type === 'run-end' ? { ...event, followUps: questions } : event));
}

describe('the follow-up questions', () => {
  it('show as one button per question from run-end, text kept as text', () => {
    const questions = ['What did it cost?', 'Who <b onclick="alert(1)">built</b> it?'];
    const view = foldEvents(initialRunViewState, withFollowUps(questions));
    expect(view.followUps).toEqual(questions);
    const document = render(
      renderToStaticMarkup(
        <FollowUps api={api} runId="r1" questions={view.followUps} onStarted={() => {}} />,
      ),
    );
    expect(document.querySelector('nav')?.getAttribute('aria-label')).toBe('Questions worth asking next');
    expect([...document.querySelectorAll('button')].map((button) => button.textContent)).toEqual(questions);
    expect(document.querySelectorAll('b, [onclick]')).toHaveLength(0);
  });

  it('show nothing for a run without any', () => {
    const view = foldEvents(initialRunViewState, findingsRun);
    expect(view.followUps).toEqual([]);
    expect(
      renderToStaticMarkup(
        <FollowUps api={api} runId="r1" questions={view.followUps} onStarted={() => {}} />,
      ),
    ).toBe('');
  });
});

describe('the export buttons', () => {
  it('offer markdown, HTML, PDF and DOCX once the run has a result', () => {
    const document = render(
      renderToStaticMarkup(
        <RunActions
          api={api}
          runId="r1"
          status="completed"
          hasResult
          onStop={async () => {}}
          onResume={async () => {}}
        />,
      ),
    );
    const links = [...document.querySelectorAll('a')].map((link) => [
      link.textContent,
      link.getAttribute('href'),
      link.getAttribute('download'),
    ]);
    expect(links).toEqual([
      ['Export markdown', '/api/runs/r1/report', 'r1.md'],
      ['Export HTML', '/api/runs/r1/report?format=html', 'r1.html'],
      ['Export PDF', '/api/runs/r1/report?format=pdf', 'r1.pdf'],
      ['Export DOCX', '/api/runs/r1/report?format=docx', 'r1.docx'],
    ]);
  });
});
