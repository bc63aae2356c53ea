import type { ResearchEventPayload } from '../../contract/index.js';
import { DIARY_ACTION_CHARS, DIARY_OBSERVATION_CHARS } from '../constants.js';
import type { ActionOutput } from '../prompts/action.js';
import type { LoopState } from './loop-state.js';

function clip(text: string, chars: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > chars ? `${flat.slice(0, chars - 1)}…` : flat;
}

/** Opens the diary entry of step `step` with the planner's choice. */
export function openDiaryEntry(loop: LoopState, output: ActionOutput, step = loop.counters.step): void {
  const { type, ...fields } = output.action;
  loop.diary.push({
    step,
    thought: clip(output.think, DIARY_ACTION_CHARS),
    kind: type,
    action: clip(JSON.stringify(fields), DIARY_ACTION_CHARS),
    observations: [],
  });
}

/** Adds what step `step` observed (observations, failed tool calls) to its diary entry. */
export function noteInDiary(loop: LoopState, payload: ResearchEventPayload, step = loop.counters.step): void {
  const entry = loop.diary.at(-1);
  if (!entry || entry.step !== step) return;
  if (payload.type === 'observation') entry.observations.push(clip(payload.text, DIARY_OBSERVATION_CHARS));
  if (payload.type === 'tool-result' && !payload.ok)
    entry.observations.push(clip(`${payload.tool} failed: ${payload.summary}`, DIARY_OBSERVATION_CHARS));
}
