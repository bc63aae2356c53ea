import type { PlanDraft, PlanEdit, SubQuestion } from '../../contract/index.js';
import { pruneEmptyPerspectives, resolvePerspective } from '../plan/perspectives.js';
import type { PlanRecord } from '../plan/plan-record.js';
import { planEvent } from '../plan/sub-questions.js';
import { AWAITING_INPUT, askPerson } from './ask-person.js';
import type { LoopEnd, LoopOptions } from './loop-options.js';

/** The plan as a person reviews it. */
export function planDraft(plan: PlanRecord): PlanDraft {
  return {
    perspectives: plan.perspectives.map((perspective) => ({ ...perspective })),
    subQuestions: plan.subQuestions.map((item) => ({
      id: item.id,
      text: item.text,
      intent: item.intent,
      ...(item.perspective ? { perspective: item.perspective } : {}),
    })),
  };
}

/** What a review changed, counted for the trace. */
export interface PlanChanges {
  kept: number;
  edited: number;
  added: number;
  dropped: number;
}

/**
 * Makes the reviewed list the plan, in its order: a listed id keeps its sub-question (its text,
 * intent and perspective as edited), an item without id is added with the next id, and a planned
 * sub-question left out is dropped, so it is never researched. Applying the same edits twice gives
 * the same plan (a resumed run may do so).
 */
export function applyPlanEdits(plan: PlanRecord, edits: readonly PlanEdit[]): PlanChanges {
  const changes: PlanChanges = { kept: 0, edited: 0, added: 0, dropped: 0 };
  const before = new Map(plan.subQuestions.map((item) => [item.id, item]));
  const next: SubQuestion[] = [];
  for (const edit of edits) {
    const planned = edit.id ? before.get(edit.id) : undefined;
    if (planned) {
      const perspective = edit.perspective ?? planned.perspective;
      const changed =
        planned.text !== edit.text ||
        (edit.intent !== undefined && edit.intent !== planned.intent) ||
        perspective !== planned.perspective;
      if (changed) changes.edited += 1;
      else changes.kept += 1;
      next.push({
        ...planned,
        text: edit.text,
        intent: edit.intent ?? planned.intent,
        ...(perspective ? { perspective } : {}),
      });
      continue;
    }
    const id = edit.id ?? `q${plan.nextSubQuestionId}`;
    if (!edit.id) plan.nextSubQuestionId += 1;
    changes.added += 1;
    next.push({
      id,
      text: edit.text,
      intent: edit.intent ?? 'explore',
      status: 'open',
      perspective: resolvePerspective(plan, edit.perspective, edit.text).id,
      origin: 'plan',
    });
  }
  changes.dropped = [...before.keys()].filter((id) => !next.some((item) => item.id === id)).length;
  plan.subQuestions = next;
  pruneEmptyPerspectives(plan);
  return changes;
}

/**
 * With `reviewPlan`, after the plan and before any research: the person sees the perspectives and
 * sub-questions and may edit, add or drop them; the reviewed list is what the run researches.
 * Returns `AWAITING_INPUT` when the run pauses for the review.
 */
export async function reviewPhase(options: LoopOptions): Promise<LoopEnd | undefined> {
  const { run } = options;
  const { input } = run;
  if (!run.options.reviewPlan || input.settled.has('plan')) return undefined;
  let answer = input.answers.plan;
  if (!answer) {
    const given = await askPerson(options, {
      kind: 'plan',
      plan: input.requests.plan?.plan ?? planDraft(run.plan),
    });
    if (!given) return AWAITING_INPUT;
    if (given.kind !== 'plan') return undefined;
    answer = given;
  }
  const changes = applyPlanEdits(run.plan, answer.subQuestions);
  input.settled.add('plan');
  options.emit(planEvent(run.plan), { step: 0 });
  options.emit(
    {
      type: 'observation',
      text: `Plan reviewed: ${changes.kept} kept, ${changes.edited} edited, ${changes.added} added, ${changes.dropped} dropped.`,
    },
    { step: 0 },
  );
  return undefined;
}
