import type { ReactNode } from 'react';
import { countOf, formatDuration } from '../format.js';
import { describeCall, type TimelineCall, type TimelineEntry, timelineGroups } from '../state/index.js';
import { ShowAllButton, useShowAll } from './show-all.js';

/**
 * The EXECUTION row of a call: `okMark` and `children` (what it returned) when it succeeded, the
 * error when it failed, its time; "running…" or "no result" before it ends.
 */
function ExecutionRow({
  call,
  live,
  okMark,
  children,
}: {
  call: TimelineCall;
  live: boolean;
  okMark: string;
  children: ReactNode;
}) {
  const { execution } = call;
  return (
    <div className="trace-row">
      <span className="trace-kind">EXECUTION</span>
      {execution ? (
        <span className={execution.ok ? 'is-ok' : 'is-failed'}>
          {execution.ok ? okMark : '✗ '}
          {execution.error ? `${execution.error.code}: ${execution.error.message}` : children}
          <span className="muted"> · {formatDuration(execution.durationMs)}</span>
        </span>
      ) : (
        <span className="muted">{live ? 'running…' : 'no result: the run ended first'}</span>
      )}
    </div>
  );
}

/** A compute call: its code, the findings it took and what it returned, in the sandbox's time. */
function ComputeCall({ call, live }: { call: TimelineCall; live: boolean }) {
  const { execution, input } = call;
  const inputs = Array.isArray(input.inputs) ? input.inputs.map(String).join(', ') : '';
  const output = execution?.output?.output;
  return (
    <>
      <div className="trace-row">
        <span className="trace-kind">ACTION</span>
        <span>
          <strong>compute</strong> {typeof input.purpose === 'string' ? input.purpose : ''}
          {inputs && <span className="muted"> · inputs {inputs}</span>}
          <pre className="trace-code">{typeof input.program === 'string' ? input.program : ''}</pre>
        </span>
      </div>
      <ExecutionRow call={call} live={live} okMark="✓ output ">
        <code className="trace-output">{typeof output === 'string' ? output : execution?.summary}</code>
      </ExecutionRow>
    </>
  );
}

function Call({ call, live }: { call: TimelineCall; live: boolean }) {
  if (call.tool === 'compute') return <ComputeCall call={call} live={live} />;
  return (
    <>
      <div className="trace-row">
        <span className="trace-kind">ACTION</span>
        <span>
          <strong>{call.tool}</strong> <span className="trace-input">{describeCall(call)}</span>
        </span>
      </div>
      <ExecutionRow call={call} live={live} okMark="✓ ">
        {call.execution?.summary}
      </ExecutionRow>
    </>
  );
}

function Entry({ entry, live }: { entry: TimelineEntry; live: boolean }) {
  return (
    <li className="trace-entry" data-step={entry.step}>
      <h3>
        Step {entry.step}
        {entry.subResearcher && <span className="tag">{entry.subResearcher}</span>}
      </h3>
      {entry.thought && (
        <div className="trace-row">
          <span className="trace-kind">THOUGHT</span>
          <span>
            <span className="tag">{entry.thought.action}</span> {entry.thought.text}
          </span>
        </div>
      )}
      {entry.calls.map((call) => (
        <Call key={call.callId} call={call} live={live} />
      ))}
      {entry.answers.map((answer) => (
        <div className="trace-row" key={answer.attempt}>
          <span className="trace-kind">ANSWER</span>
          <span className={answer.pass === undefined ? 'muted' : answer.pass ? 'is-ok' : 'is-failed'}>
            attempt {answer.attempt}{' '}
            {answer.pass === undefined
              ? live
                ? 'being evaluated…'
                : 'not evaluated'
              : answer.pass
                ? 'accepted'
                : 'rejected'}
          </span>
        </div>
      ))}
      {entry.observations.map((text, position) => (
        // Observations of a step never reorder, so their position is a stable key.
        // biome-ignore lint/suspicious/noArrayIndexKey: append-only list
        <div className="trace-row" key={position}>
          <span className="trace-kind">OBSERVATION</span>
          <span>{text}</span>
        </div>
      ))}
      {entry.notes.map((note, position) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: append-only list
        <div className={`trace-row note-${note.kind}`} key={`note-${position}`}>
          <span className="trace-kind">{note.kind.toUpperCase()}</span>
          <span>{note.text}</span>
        </div>
      ))}
    </li>
  );
}

/** Steps shown before "Show earlier steps": the newest ones, which a live run adds to. */
const STEPS_SHOWN = 10;

/** The steps of one group: the newest ones, the rest a click away. */
function Steps({ entries, live, label }: { entries: TimelineEntry[]; live: boolean; label?: string }) {
  const list = useShowAll(entries, { limit: STEPS_SHOWN, keep: 'last' });
  return (
    <>
      <ShowAllButton
        {...list}
        more={countOf(list.hidden, 'earlier step')}
        fewer={`only the latest ${STEPS_SHOWN} steps`}
      />
      <ol className="trace" {...(label ? { 'aria-label': label } : {})}>
        {entries.length === 0 && <li className="muted">No steps yet.</li>}
        {list.shown.map((entry) => (
          <Entry key={entry.step} entry={entry} live={live} />
        ))}
      </ol>
    </>
  );
}

/**
 * One entry per step: THOUGHT, ACTION, EXECUTION, OBSERVATION. A run with sub-researchers shows
 * the lead's steps, then each sub-researcher's under its own heading; the whole trace, grouped or
 * not, is one element (`data-testid="trace"`).
 */
export function TraceTimeline({ entries, live }: { entries: TimelineEntry[]; live: boolean }) {
  const groups = timelineGroups(entries);
  if (groups.length <= 1)
    return (
      <div className="trace-timeline" data-testid="trace">
        <Steps entries={entries} live={live} />
      </div>
    );
  return (
    <div className="trace-timeline" data-testid="trace">
      {groups.map((group) => {
        const label = group.subResearcher ? `Sub-researcher ${group.subResearcher}` : 'Lead';
        return (
          <section
            key={group.subResearcher ?? 'lead'}
            className="trace-group"
            data-sub-researcher={group.subResearcher ?? 'lead'}
          >
            <h3>
              {label} <span className="muted">· {countOf(group.entries.length, 'step')}</span>
            </h3>
            <Steps entries={group.entries} live={live} label={label} />
          </section>
        );
      })}
    </div>
  );
}
