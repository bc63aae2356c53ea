import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { InputRequest } from '../../../src/contract/index.js';
import { addedRow, clarifyBody, planBody, planRows } from '../state/input-form.js';
import { InputForm } from './input-form.js';
import { buildRunOptions } from './run-options.js';

const clarify: InputRequest = { kind: 'clarify', questions: ['Which season?', 'Which <b>league</b>?'] };
const plan: Extract<InputRequest, { kind: 'plan' }> = {
  kind: 'plan',
  plan: {
    perspectives: [{ id: 'p1', name: 'main', focus: '' }],
    subQuestions: [
      { id: 'q1', text: 'How tall is it?', intent: 'fact-check', perspective: 'p1' },
      { id: 'q2', text: 'Who painted it?', intent: 'related', perspective: 'p1' },
    ],
  },
};
const noSubmit = async () => {};

describe('InputForm', () => {
  it('asks each clarifying question with its own field, the text escaped', () => {
    const html = renderToStaticMarkup(<InputForm request={clarify} onSubmit={noSubmit} />);
    expect(html).toContain('aria-label="Clarifying questions"');
    expect(html).toContain('Which season?<input type="text"');
    expect(html).toContain('Which &lt;b&gt;league&lt;/b&gt;?');
    expect(html.match(/<input type="text"/g)).toHaveLength(2);
  });

  it('shows the plan as a ticked, editable checklist with each intent', () => {
    const html = renderToStaticMarkup(<InputForm request={plan} onSubmit={noSubmit} />);
    expect(html).toContain('aria-label="Plan review"');
    expect(html.match(/type="checkbox" aria-label="Research q\d" checked=""/g)).toHaveLength(2);
    expect(html).toContain('value="How tall is it?"');
    expect(html).toContain('<option value="fact-check" selected="">fact-check</option>');
    expect(html).toContain('Add a sub-question');
  });

  it('sends the ticked rows in order, edited and added, and one answer per question', () => {
    const rows = planRows(plan.plan);
    const edited = [
      { ...(rows[0] ?? addedRow()), text: ' How tall is it in metres? ' },
      { ...(rows[1] ?? addedRow()), keep: false },
      { ...addedRow(), text: 'When was it built?' },
      addedRow(),
    ];
    expect(planBody(edited)).toEqual({
      subQuestions: [
        { id: 'q1', text: 'How tall is it in metres?', intent: 'fact-check' },
        { text: 'When was it built?', intent: 'explore' },
      ],
    });
    if (clarify.kind === 'clarify')
      expect(clarifyBody(clarify, [' 2023 '])).toEqual({ answers: ['2023', ''] });
  });

  it('starts runs that ask first when the form says so', () => {
    const base = {
      model: '',
      preset: '' as const,
      search: [],
      report: false,
      boostHosts: '',
      excludeHosts: '',
      onlyHosts: '',
    };
    expect(buildRunOptions({ ...base, clarify: true, reviewPlan: true })).toMatchObject({
      clarify: true,
      reviewPlan: true,
    });
    expect(buildRunOptions(base)).not.toHaveProperty('clarify');
  });
});
