import type { ResearchEventPayload } from '../contract/index.js';
import { DIARY_ACTION_CHARS, DIARY_OBSERVATION_CHARS } from './constants.js';
import type { ActionOutput } from './prompts/action.js';
import type { RunState } from './run-state.js';
import type { StepOutcome } from './steps/context.js';

function clip(text: string, chars: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > chars ? `${flat.slice(0, chars - 1)}…` : flat;
}

/** Opens the diary entry of the current step with the planner's choice. */
export function openDiaryEntry(state: RunState, output: ActionOutput): void {
  const { type, ...fields } = output.action;
  state.diary.push({
    step: state.step,
    thought: clip(output.think, DIARY_ACTION_CHARS),
    kind: type,
    action: clip(JSON.stringify(fields), DIARY_ACTION_CHARS),
    observations: [],
  });
}

/** Adds what a step observed (observations, failed tool calls) to its diary entry. */
export function noteInDiary(state: RunState, payload: ResearchEventPayload): void {
  const entry = state.diary.at(-1);
  if (!entry || entry.step !== state.step) return;
  if (payload.type === 'observation') entry.observations.push(clip(payload.text, DIARY_OBSERVATION_CHARS));
  if (payload.type === 'tool-result' && !payload.ok)
    entry.observations.push(clip(`${payload.tool} failed: ${payload.summary}`, DIARY_OBSERVATION_CHARS));
}

/**
 * Counts repeated actions: consecutive steps that repeated the same kind of action without
 * progress. A step that made progress resets the count, so repeats far apart never end a run; a
 * failed step neither counts nor resets.
 */
export function countRepeats(state: RunState, outcome: StepOutcome): void {
  const kind = state.diary.at(-1)?.step === state.step ? state.diary.at(-1)?.kind : undefined;
  if (outcome.repeated) {
    state.repeatedActions =
      kind !== undefined && kind === state.lastRepeatedKind ? state.repeatedActions + 1 : 1;
    state.lastRepeatedKind = kind;
  } else if (!outcome.failed) {
    state.repeatedActions = 0;
    state.lastRepeatedKind = undefined;
  }
}
