import { parseHTML } from 'linkedom';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { conflictRun, findingsRun, longReportRun, stoppedRun } from '../state/fixtures/index.js';
import { foldEvents, initialRunViewState } from '../state/index.js';
import { AnswerPanel } from './answer-panel.js';
import { EvaluationPanel } from './evaluation-panel.js';

const render = (markup: string) => parseHTML(`<html><body>${markup}</body></html>`).document;

describe('the answer and evaluation panels', () => {
  it('say once that a stopped run’s sentences were not checked, and call none unsupported', () => {
    const view = foldEvents(initialRunViewState, stoppedRun);
    const answer = render(renderToStaticMarkup(<AnswerPanel view={view} status={view.status} />));
    const claims = answer.querySelector('[data-testid="claims"]')?.textContent ?? '';
    expect(claims).toBe('2 sentences not checked (cancelled)');
    expect(answer.querySelectorAll('.unsupported-claim')).toHaveLength(0);
    const evaluation = render(
      renderToStaticMarkup(<EvaluationPanel evaluation={view.evaluation} status={view.status} />),
    );
    expect(evaluation.body.textContent).toContain('2 sentences not checked (cancelled)');
    expect(evaluation.body.textContent).not.toMatch(/supported|✗/);
  });

  it('lists a checked answer’s unsupported sentences with their reasons', () => {
    const view = foldEvents(initialRunViewState, findingsRun);
    const answer = render(renderToStaticMarkup(<AnswerPanel view={view} status={view.status} />));
    expect(answer.querySelector('[data-testid="claims"] p')?.textContent).toBe(
      '1 of 2 claims supported by their quotes (50%)',
    );
    expect([...answer.querySelectorAll('.unsupported-claim')].map((item) => item.textContent)).toEqual([
      'It cost *exactly* 1.7 billion euros.',
    ]);
  });

  it('shows where the sources differ next to the sentence that states one of the values', () => {
    const view = foldEvents(initialRunViewState, conflictRun);
    const answer = render(renderToStaticMarkup(<AnswerPanel view={view} status={view.status} />));
    const conflicts = answer.querySelector('[data-testid="conflicts"]');
    expect(conflicts?.textContent).toContain('Sources differ:');
    expect(conflicts?.querySelector('li')?.textContent).toContain(
      'The Lakhta Center is … tall: 462 metres [1], 452 m (https://other.example/lakhta)',
    );
    expect(
      [...(conflicts?.querySelectorAll('.conflicting-claim') ?? [])].map((item) => item.textContent),
    ).toEqual(['The tallest building in Europe is the **Lakhta Center** at 462 m.']);
    const agreed = foldEvents(initialRunViewState, findingsRun);
    const plain = render(renderToStaticMarkup(<AnswerPanel view={agreed} status={agreed.status} />));
    expect(plain.querySelector('[data-testid="conflicts"]')).toBeNull();
  });

  it('shows the whole report with its support line, and every weakness and recommendation', () => {
    const view = foldEvents(initialRunViewState, longReportRun);
    const answer = render(renderToStaticMarkup(<AnswerPanel view={view} status={view.status} />));
    const headings = [...answer.querySelectorAll('h4')].map((heading) => heading.textContent);
    expect(headings).toEqual(['Summary', 'Findings', 'Conclusion', 'References']);
    expect(answer.querySelector('[data-testid="claims"]')?.textContent).toBe(
      '✓ 5 of 5 claims supported by their quotes (100%)',
    );
    const evaluation = render(
      renderToStaticMarkup(<EvaluationPanel evaluation={view.evaluation} status={view.status} />),
    );
    for (const item of [
      ...(view.evaluation.final?.weaknesses ?? []),
      ...(view.evaluation.final?.recommendations ?? []),
    ])
      expect(evaluation.body.textContent).toContain(item);
  });
});
