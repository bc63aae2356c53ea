import { describe, expect, it } from 'vitest';
import type { PlanDraft } from '../contract/index.js';
import { applyPlanCommand, commandHint } from './inline-plan-review.js';
import { planToText } from './plan-text.js';

const PLAN: PlanDraft = {
  perspectives: [],
  subQuestions: [
    { id: 'q1', text: 'How tall is it?', intent: 'fact-check' },
    { id: 'q2', text: 'Who built it?', intent: 'explore' },
  ],
};

describe('inline plan review', () => {
  const text = planToText(PLAN);

  it('names the command and the ids the plan has when an id is missing', () => {
    expect(applyPlanCommand(text, 'edit q9 When?', PLAN)).toEqual({
      error: '"edit q9 When?" names q9, which the plan does not have (it has q1, q2).',
    });
    expect(applyPlanCommand(text, 'drop q3', PLAN)).toHaveProperty('error');
  });

  it('refuses a command that would leave no sub-question or no text', () => {
    const one = applyPlanCommand(text, 'drop q2', PLAN);
    if (!('text' in one)) throw new Error('drop q2 should apply');
    expect(applyPlanCommand(one.text, 'drop q1', PLAN)).toHaveProperty('error');
    expect(applyPlanCommand(text, 'edit q1', PLAN)).toHaveProperty('error');
    expect(applyPlanCommand(text, 'rename q1', PLAN)).toHaveProperty('error');
  });

  it("shows examples with the plan's own ids", () => {
    expect(commandHint(text)).toContain('drop q2 | edit q1 new text');
  });
});
