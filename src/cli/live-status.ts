import type { ResearchEvent } from '../contract/index.js';
import { actionText } from './progress-words.js';

/** What the run does next after each of these actions is chosen, before a tool call says more. */
const CHOSEN: Record<string, string> = {
  reflect: 'updating the checklist',
  ready: 'writing the answer',
  answer: 'writing the answer',
};

/** What follows a finished tool call when no other call is under way: reads become findings. */
const AFTER_TOOL: Record<string, string> = {
  read: 'extracting findings',
  'deep-read': 'extracting findings',
  read_file: 'extracting findings',
};

/** What the run is doing once each event has happened (events not listed change nothing). */
const NEXT: Partial<Record<ResearchEvent['type'], string>> = {
  'run-start': 'planning',
  plan: 'choosing the next action',
  'step-start': 'choosing the next action',
  finding: 'extracting findings',
  'answer-draft': 'checking claims',
  verification: 'evaluating the answer',
  'finish-guard': 'writing the final answer',
  'report-delta': 'writing the report',
  'run-error': 'failed',
};

/**
 * The live status line's "what now", folded from events: the tool calls under way (the latest
 * shown), else what the last event leads to, so a finished search never stays "searching…".
 */
export function createLiveStatus() {
  const calls = new Map<string, string>();
  let phase = 'starting';
  const latestCall = () => [...calls.values()].at(-1);
  return {
    get text(): string {
      return latestCall() ?? phase;
    },
    apply(event: ResearchEvent): void {
      switch (event.type) {
        case 'thought':
          phase = CHOSEN[event.action] ?? event.action;
          return;
        case 'tool-call':
          calls.set(event.callId, actionText(event.tool, event.input));
          return;
        case 'tool-result':
          calls.delete(event.callId);
          phase = (event.ok ? AFTER_TOOL[event.tool] : undefined) ?? 'choosing the next action';
          return;
        case 'evaluation':
          phase = event.pass ? 'finishing' : 'choosing the next action';
          return;
        case 'run-end':
          calls.clear();
          phase = event.status;
          return;
        default:
          phase = NEXT[event.type] ?? phase;
      }
    },
  };
}
