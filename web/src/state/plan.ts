import type { Perspective, ResearchEvent, SubQuestion } from '../../../src/contract/index.js';

export interface PlanState {
  /** Sub-questions in the order they first appeared; later plan events update them by id. */
  items: SubQuestion[];
  /** The perspectives the sub-questions belong to, as the latest plan event lists them. */
  perspectives: Perspective[];
  /** Step of the latest plan change. */
  updatedAtStep?: number;
}

export const initialPlanState: PlanState = { items: [], perspectives: [] };

/**
 * Folds one event into the plan checklist. A `plan` event carries sub-questions that are new or
 * changed; items it omits stay as they were, so nothing once shown disappears. Pure.
 */
export function planReducer(state: PlanState, event: ResearchEvent): PlanState {
  if (event.type !== 'plan') return state;
  const items = [...state.items];
  for (const incoming of event.subQuestions) {
    const position = items.findIndex((item) => item.id === incoming.id);
    if (position === -1) items.push(incoming);
    else items[position] = incoming;
  }
  return { items, perspectives: event.perspectives ?? state.perspectives, updatedAtStep: event.step };
}

/** The name of a sub-question's perspective, when the plan has several (one adds nothing to show). */
export function perspectiveName(state: PlanState, item: SubQuestion): string | undefined {
  if (state.perspectives.length < 2) return undefined;
  return state.perspectives.find((perspective) => perspective.id === item.perspective)?.name;
}

/** Closed and total counts, for "2 of 3 answered". */
export function planProgress(state: PlanState): { closed: number; total: number } {
  return { closed: state.items.filter((item) => item.status === 'closed').length, total: state.items.length };
}
