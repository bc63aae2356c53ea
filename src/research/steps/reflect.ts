import { openSubQuestions } from '../plan/plan-record.js';
import { addSubQuestion, closeSubQuestion, planEvent } from '../plan/sub-questions.js';
import type { ReflectAction } from '../prompts/action.js';
import type { StepContext } from '../run/step-context.js';
import type { StepOutcome } from '../run/step-outcome.js';

/** Sub-questions a reflection may add, so the checklist stays workable. */
const MAX_ADDED_PER_REFLECTION = 4;

/** Adds new sub-questions and closes answered ones; a reflection that changes nothing is a repeat. */
export function reflectStep(context: StepContext, action: ReflectAction): StepOutcome {
  const { plan, evidence } = context.run;
  let changed = false;
  for (const item of action.addSubQuestions.slice(0, MAX_ADDED_PER_REFLECTION)) {
    if (addSubQuestion(plan, { ...item, origin: 'reflection' })) changed = true;
  }
  const refused: string[] = [];
  for (const closing of action.closeSubQuestions) {
    const item = plan.subQuestions.find(
      (candidate) => candidate.id === closing.id && candidate.status === 'open',
    );
    if (!item) continue;
    const closed = closeSubQuestion(evidence.findings, item, closing);
    if (!closed.ok) {
      refused.push(closed.why);
      continue;
    }
    changed = true;
    const knowledge = { kind: 'qa' as const, question: item.text, content: item.note ?? 'answered' };
    evidence.knowledge.add(knowledge);
    context.emit({ type: 'knowledge-add', item: knowledge });
  }
  if (!changed) {
    context.emit({ type: 'observation', text: 'Reflection changed nothing.' });
    return {
      repeated: true,
      note:
        refused.length > 0
          ? `your reflection changed nothing: ${refused.join(' ')}`
          : 'your reflection changed nothing; search, read or answer instead.',
    };
  }
  context.emit(planEvent(plan));
  const open = openSubQuestions(plan).length;
  context.emit({ type: 'observation', text: `Plan updated: ${open} open of ${plan.subQuestions.length}.` });
  return refused.length > 0 ? { note: refused.join(' ') } : {};
}
