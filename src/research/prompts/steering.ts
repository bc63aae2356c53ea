import { DIARY_STEPS_PER_PROMPT } from '../constants.js';
import { evidenceMark } from '../evidence/coverage.js';
import type { RunState } from '../run-state.js';
import { inlineWebText } from './untrusted.js';

/** The planner's last steps: thought, action and what came of it, oldest first. */
export function diarySection(state: RunState): string {
  const entries = state.diary.slice(-DIARY_STEPS_PER_PROMPT);
  if (entries.length === 0) return '';
  const lines = entries.map((entry) => {
    // Observations can quote page titles and URLs: they are shown as data, like other web text.
    const seen = entry.observations.map((text) => inlineWebText(text, 400)).join(' / ') || 'nothing observed';
    return `- step ${entry.step}: thought "${entry.thought}" → ${entry.kind} ${entry.action} → ${seen}`;
  });
  return `<your-last-steps>\n${lines.join('\n')}\n</your-last-steps>`;
}

/** Whether `ready` is refused now: an answer was rejected and no finding came since. */
export function readyGated(state: RunState): boolean {
  return state.findingsAtLastDraft !== undefined && state.findingsAtLastDraft === evidenceMark(state);
}

/** A line telling the planner `ready` is unavailable until new evidence arrives, when it is. */
export function readyGateLine(state: RunState): string {
  return readyGated(state)
    ? 'ready is unavailable: the last answer was rejected and no new finding has arrived since. Search or read for what the feedback asks first.'
    : '';
}
