import type { PlanRecord } from './plan-record.js';

/** Where the run is in the critique before writing and the gap filling it may start. */
export interface CritiqueRecord {
  /** The critique ran (it runs once per run). */
  done: boolean;
  /** Gap filling is under way: the writer runs when the planner says ready or the steps run out. */
  active: boolean;
  /** Gap-filling steps left. */
  stepsLeft: number;
}

/** A critique that has not run. */
export function createCritiqueRecord(): CritiqueRecord {
  return { done: false, active: false, stepsLeft: 0 };
}

/** Whether the critique runs now: once per run, and only when `gapSteps` allows gap filling. */
export function critiqueDue(critique: CritiqueRecord, gapSteps: number): boolean {
  if (gapSteps === 0 || critique.done) return false;
  critique.done = true;
  return true;
}

/** Starts `steps` steps of gap filling before the writer. */
export function startGapFilling(critique: CritiqueRecord, steps: number): void {
  critique.active = true;
  critique.stepsLeft = steps;
}

/** Ends gap filling: the planner said ready with new evidence to write from. */
export function endGapFilling(critique: CritiqueRecord): void {
  critique.active = false;
}

/**
 * Counts one gap-filling step at the start of a step; true once they are used up (the filling
 * then ends, and the writer answers from what was found).
 */
export function gapStepsOver(critique: CritiqueRecord): boolean {
  if (!critique.active) return false;
  if (critique.stepsLeft > 0) {
    critique.stepsLeft -= 1;
    return false;
  }
  critique.active = false;
  return true;
}

/** Whether research still has gaps worth more steps: open sub-questions or critique gaps being filled. */
export function gapsRemain(run: {
  plan: Pick<PlanRecord, 'subQuestions'>;
  critique: CritiqueRecord;
}): boolean {
  return run.critique.active || run.plan.subQuestions.some((item) => item.status === 'open');
}
