import type { ActionKind, ResearchEvent, ToolName } from '../../../src/contract/index.js';
import { claimCheckOf } from './claim-check.js';

/** One tool call of a step: the ACTION (tool and parameters) and, once back, its EXECUTION. */
export interface TimelineCall {
  callId: string;
  tool: ToolName;
  input: Record<string, unknown>;
  execution?: {
    ok: boolean;
    durationMs: number;
    summary: string;
    error?: { code: string; message: string };
    /** What a compute call returned (`output`, `durationMs`); other tools' outputs are not kept. */
    output?: Record<string, unknown>;
  };
}

/** One entry of the trace timeline: everything that happened in one loop step. */
export interface TimelineEntry {
  step: number;
  /** The sub-researcher whose step it is (`q2`, or `lead` for the planner's), in runs that have them. */
  subResearcher?: string;
  /** ISO time of the step's first event. */
  at: string;
  thought?: { action: ActionKind; text: string };
  calls: TimelineCall[];
  observations: string[];
  /** Answer attempts drafted in this step and the evaluator's verdicts on them. */
  answers: { attempt: number; pass?: boolean }[];
  /** Warnings, run errors and finish-guard messages of the step. */
  notes: { kind: 'warning' | 'error' | 'stop'; text: string }[];
}

export interface TimelineState {
  entries: TimelineEntry[];
}

export const initialTimelineState: TimelineState = { entries: [] };

/** The steps of one sub-researcher (or of the run, `subResearcher` undefined), in order. */
export interface TimelineGroup {
  subResearcher?: string;
  entries: TimelineEntry[];
}

/**
 * The trace grouped by sub-researcher: the lead's (and the run's own) steps first, then each
 * sub-researcher's in the order it first worked. One group for a run without sub-researchers.
 */
export function timelineGroups(entries: readonly TimelineEntry[]): TimelineGroup[] {
  const groups = new Map<string, TimelineGroup>([['', { entries: [] }]]);
  for (const entry of entries) {
    const id = entry.subResearcher === 'lead' ? '' : (entry.subResearcher ?? '');
    const group = groups.get(id) ?? { subResearcher: id, entries: [] };
    group.entries.push(entry);
    groups.set(id, group);
  }
  return [...groups.values()].filter((group) => group.entries.length > 0);
}

function updateEntry(
  state: TimelineState,
  event: ResearchEvent,
  update: (entry: TimelineEntry) => TimelineEntry,
): TimelineState {
  const entries = [...state.entries];
  let position = entries.findIndex((entry) => entry.step === event.step);
  if (position === -1) {
    const fresh: TimelineEntry = {
      step: event.step,
      ...(event.subResearcher ? { subResearcher: event.subResearcher } : {}),
      at: event.at,
      calls: [],
      observations: [],
      answers: [],
      notes: [],
    };
    position = entries.findIndex((entry) => entry.step > event.step);
    if (position === -1) position = entries.length;
    entries.splice(position, 0, fresh);
  }
  entries[position] = update(entries[position]!);
  return { entries };
}

/** Folds one event into the trace timeline (one entry per step). Pure. */
export function timelineReducer(state: TimelineState, event: ResearchEvent): TimelineState {
  switch (event.type) {
    case 'step-start':
      return updateEntry(state, event, (entry) => entry);
    case 'thought':
      return updateEntry(state, event, (entry) => ({
        ...entry,
        thought: { action: event.action, text: event.text },
      }));
    case 'tool-call':
      return updateEntry(state, event, (entry) => ({
        ...entry,
        calls: [...entry.calls, { callId: event.callId, tool: event.tool, input: event.input }],
      }));
    case 'tool-result':
      return updateEntry(state, event, (entry) => {
        const execution = {
          ok: event.ok,
          durationMs: event.durationMs,
          summary: event.summary,
          error: event.error,
          ...(event.tool === 'compute' && event.output ? { output: event.output } : {}),
        };
        const known = entry.calls.some((call) => call.callId === event.callId);
        const calls = known
          ? entry.calls.map((call) => (call.callId === event.callId ? { ...call, execution } : call))
          : [...entry.calls, { callId: event.callId, tool: event.tool, input: {}, execution }];
        return { ...entry, calls };
      });
    case 'observation':
      return updateEntry(state, event, (entry) => ({
        ...entry,
        observations: [...entry.observations, event.text],
      }));
    case 'answer-draft':
      return updateEntry(state, event, (entry) => ({
        ...entry,
        answers: [...entry.answers, { attempt: event.attempt }],
      }));
    case 'verification': {
      // The run's ending is not known yet: sentences left unchecked say why in their own words.
      const check = claimCheckOf(event.claims, event.summary, 'running');
      const text = check.support
        ? `Checked the claims of answer #${event.attempt}: ${[check.support, check.unchecked].filter(Boolean).join('; ')}.`
        : check.unchecked
          ? `Answer #${event.attempt}: ${check.unchecked}.`
          : `Checked the claims of answer #${event.attempt}: no factual claim.`;
      return updateEntry(state, event, (entry) => ({
        ...entry,
        observations: [...entry.observations, text],
      }));
    }
    case 'evaluation':
      return updateEntry(state, event, (entry) => ({
        ...entry,
        answers: entry.answers.some((answer) => answer.attempt === event.attempt)
          ? entry.answers.map((answer) =>
              answer.attempt === event.attempt ? { ...answer, pass: event.pass } : answer,
            )
          : [...entry.answers, { attempt: event.attempt, pass: event.pass }],
      }));
    case 'warning':
      return addNote(state, event, 'warning', event.message);
    case 'run-error':
      return addNote(state, event, 'error', `${event.code}: ${event.message}`);
    case 'finish-guard':
      return addNote(state, event, 'stop', event.message);
    default:
      return state;
  }
}

function addNote(
  state: TimelineState,
  event: ResearchEvent,
  kind: TimelineEntry['notes'][number]['kind'],
  text: string,
): TimelineState {
  return updateEntry(state, event, (entry) => ({ ...entry, notes: [...entry.notes, { kind, text }] }));
}
