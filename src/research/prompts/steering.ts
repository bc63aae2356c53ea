import { DIARY_STEPS_PER_PROMPT } from '../constants.js';
import { coverageGap, evidenceMark } from '../evidence/coverage.js';
import type { RunState } from '../run-state.js';
import { hostOf } from '../sources/hosts.js';
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

/** Reads from one host before a nudge to look elsewhere is given. */
const CLUSTERED_READS = 3;

/**
 * Coverage as the planner sees it: each open sub-question's findings and hosts, and, when every
 * page read so far came from one host while sub-questions stay uncovered, one targeted nudge.
 */
export function coverageSection(state: RunState): string {
  const open = state.subQuestions.filter((item) => item.status === 'open');
  if (open.length === 0) return '';
  const lines = open.map((item) => {
    const findings = state.findings.forSubQuestion(item.id);
    const hosts = new Set(findings.flatMap((finding) => hostOf(finding.source.url) ?? []));
    const gap = coverageGap(state, item);
    return `- ${item.id} (${item.intent}): ${findings.length} findings from ${hosts.size} hosts${gap ? ` — missing: ${gap}` : ' — covered'}`;
  });
  const readHosts = new Set([...state.sources.values()].flatMap((source) => hostOf(source.finalUrl) ?? []));
  const reads = new Set([...state.sources.values()].map((source) => source.url)).size;
  const uncovered = open.filter((item) => coverageGap(state, item) !== undefined);
  const nudge =
    readHosts.size === 1 && reads >= CLUSTERED_READS && uncovered.length > 0
      ? `\nEvery page read so far is on ${[...readHosts].join('')}: search other sources for ${uncovered.map((item) => item.id).join(', ')}.`
      : '';
  return `<coverage>\n${lines.join('\n')}${nudge}\n</coverage>`;
}
