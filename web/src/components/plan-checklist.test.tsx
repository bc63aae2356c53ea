import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { PlanState } from '../state/index.js';
import { PlanChecklist } from './plan-checklist.js';

const item = { intent: 'explore' as const, status: 'open' as const };

describe('PlanChecklist', () => {
  it("tags each sub-question with its perspective when there are several, and the critique's gaps", () => {
    const plan: PlanState = {
      perspectives: [
        { id: 'p1', name: 'History', focus: '' },
        { id: 'p2', name: 'Criticism', focus: '' },
      ],
      items: [
        { ...item, id: 'q1', text: 'When was it built?', perspective: 'p1', origin: 'plan' },
        { ...item, id: 'q2', text: 'Who objected?', perspective: 'p2', origin: 'critique' },
      ],
    };
    const html = renderToStaticMarkup(<PlanChecklist plan={plan} />);
    expect(html).toContain(
      'When was it built? <span class="tag">explore</span><span class="tag">History</span>',
    );
    expect(html).toContain('<span class="tag">Criticism</span><span class="tag">gap</span>');
    // One perspective (`main`) adds nothing to show.
    const single: PlanState = { ...plan, perspectives: [{ id: 'p1', name: 'main', focus: '' }] };
    expect(renderToStaticMarkup(<PlanChecklist plan={single} />)).not.toContain('>main<');
  });
});
