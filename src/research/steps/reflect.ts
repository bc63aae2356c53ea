import type { ReflectAction } from '../prompts/action.js';
import type { StepContext, StepOutcome } from './context.js';
import { addSubQuestion, closeSubQuestion, emitPlan } from './plan.js';

/** Sub-questions a reflection may add, so the checklist stays workable. */
const MAX_ADDED_PER_REFLECTION = 4;

/** Adds new sub-questions and closes answered ones; a reflection that changes nothing is a repeat. */
export function reflectStep(context: StepContext, action: ReflectAction): StepOutcome {
  const { state } = context;
  let changed = false;
  for (const item of action.addSubQuestions.slice(0, MAX_ADDED_PER_REFLECTION)) {
    if (addSubQuestion(state, { ...item, origin: 'reflection' })) changed = true;
  }
  const refused: string[] = [];
  for (const closing of action.closeSubQuestions) {
    const item = state.subQuestions.find(
      (candidate) => candidate.id === closing.id && candidate.status === 'open',
    );
    if (!item) continue;
    const closed = closeSubQuestion(state, item, closing);
    if (!closed.ok) {
      refused.push(closed.why);
      continue;
    }
    changed = true;
    const knowledge = { kind: 'qa' as const, question: item.text, content: item.note ?? 'answered' };
    state.knowledge.add(knowledge);
    context.emit({ type: 'knowledge-add', item: knowledge });
  }
  if (!changed) {
    state.lastStepNote =
      refused.length > 0
        ? `your reflection changed nothing: ${refused.join(' ')}`
        : 'your reflection changed nothing; search, read or answer instead.';
    context.emit({ type: 'observation', text: 'Reflection changed nothing.' });
    return { repeated: true };
  }
  emitPlan(context);
  const open = state.subQuestions.filter((item) => item.status === 'open').length;
  context.emit({ type: 'observation', text: `Plan updated: ${open} open of ${state.subQuestions.length}.` });
  state.lastStepNote = refused.length > 0 ? refused.join(' ') : undefined;
  return {};
}
