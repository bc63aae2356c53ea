import { useEffect, useRef } from 'react';
import { formatDuration } from '../format.js';
import type { TimelineCall, TimelineEntry } from '../state/index.js';

function Call({ call, live }: { call: TimelineCall; live: boolean }) {
  const execution = call.execution;
  return (
    <>
      <div className="trace-row">
        <span className="trace-kind">ACTION</span>
        <span>
          <strong>{call.tool}</strong> <code className="trace-input">{JSON.stringify(call.input)}</code>
        </span>
      </div>
      <div className="trace-row">
        <span className="trace-kind">EXECUTION</span>
        {execution ? (
          <span className={execution.ok ? 'is-ok' : 'is-failed'}>
            {execution.ok ? '✓' : '✗'}{' '}
            {execution.error ? `${execution.error.code}: ${execution.error.message}` : execution.summary}
            <span className="muted"> · {formatDuration(execution.durationMs)}</span>
          </span>
        ) : (
          <span className="muted">{live ? 'running…' : 'no result: the run ended first'}</span>
        )}
      </div>
    </>
  );
}

function Entry({ entry, live }: { entry: TimelineEntry; live: boolean }) {
  return (
    <li className="trace-entry" data-step={entry.step}>
      <h3>Step {entry.step}</h3>
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

/** One entry per step: THOUGHT, ACTION, EXECUTION, OBSERVATION. Follows the newest step while scrolled to the end. */
export function TraceTimeline({ entries, live }: { entries: TimelineEntry[]; live: boolean }) {
  const list = useRef<HTMLOListElement>(null);
  const following = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls whenever new entries arrive
  useEffect(() => {
    const element = list.current;
    if (element && following.current) element.scrollTop = element.scrollHeight;
  }, [entries]);
  return (
    <ol
      className="trace scroll"
      ref={list}
      onScroll={(event) => {
        const element = event.currentTarget;
        following.current = element.scrollHeight - element.scrollTop - element.clientHeight < 40;
      }}
      data-testid="trace"
    >
      {entries.length === 0 && <li className="muted">No steps yet.</li>}
      {entries.map((entry) => (
        <Entry key={entry.step} entry={entry} live={live} />
      ))}
    </ol>
  );
}
