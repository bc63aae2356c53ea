import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { isLive, type ResearchEvent, type RunDetail, type RunStatus } from '../../../src/contract/index.js';
import { type ApiClient, followRun, type StreamConnection } from '../api/index.js';
import { foldEvents, initialRunViewState, type RunViewState } from '../state/index.js';

type RunAction = { type: 'reset' } | { type: 'events'; events: readonly ResearchEvent[] };

function viewReducer(state: RunViewState, action: RunAction): RunViewState {
  return action.type === 'reset' ? initialRunViewState : foldEvents(state, action.events);
}

export interface RunHandle {
  view: RunViewState;
  detail?: RunDetail;
  /** The run's status: from its events, unless the server knows better (queued, interrupted). */
  status: RunStatus;
  connection: StreamConnection | 'loading' | 'stored';
  error?: string;
  cancel: () => Promise<void>;
  /** Continues an interrupted run; the view reloads its events and follows it live again. */
  resume: () => Promise<void>;
  /** Answers a run waiting for input; the view reloads and follows it live again. */
  answer: (body: unknown) => Promise<void>;
}

/**
 * Loads a run and keeps it live: the stored events first (one request), then the SSE stream from
 * the last stored index. Live events are folded in batches, once per animation frame, so a burst
 * of events renders once. Reopening a finished run rebuilds exactly what was shown live.
 */
export function useRun(api: ApiClient, id: string): RunHandle {
  const [view, dispatch] = useReducer(viewReducer, initialRunViewState);
  const [detail, setDetail] = useState<RunDetail>();
  const [connection, setConnection] = useState<RunHandle['connection']>('loading');
  const [error, setError] = useState<string>();
  // Bumped when the run is resumed: the stored events are read again and the stream followed anew.
  const [generation, setGeneration] = useState(0);
  const buffer = useRef<ResearchEvent[]>([]);
  const frame = useRef<number | undefined>(undefined);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new generation (a resume) reloads the run
  useEffect(() => {
    let stream: { close: () => void } | undefined;
    let active = true;
    dispatch({ type: 'reset' });
    setDetail(undefined);
    setError(undefined);
    setConnection('loading');
    const flush = () => {
      frame.current = undefined;
      const events = buffer.current;
      buffer.current = [];
      if (active && events.length > 0) dispatch({ type: 'events', events });
    };
    const load = async () => {
      const run = await api.getRun(id);
      const events = await api.listEvents(id);
      if (!active) return;
      setDetail(run);
      dispatch({ type: 'events', events });
      if (!isLive(run.status)) {
        setConnection('stored');
        return;
      }
      stream = followRun({
        urlAfter: (after) => api.eventsUrl(id, after),
        after: events.at(-1)?.index ?? -1,
        onEvent: (event) => {
          buffer.current.push(event);
          frame.current ??= requestAnimationFrame(flush);
        },
        onEnd: () => {
          flush();
          void api.getRun(id).then((ended) => active && setDetail(ended));
        },
        onConnection: (state) => active && setConnection(state),
      });
    };
    load().catch(
      (cause: unknown) => active && setError(cause instanceof Error ? cause.message : String(cause)),
    );
    return () => {
      active = false;
      stream?.close();
      if (frame.current !== undefined) cancelAnimationFrame(frame.current);
      frame.current = undefined;
      buffer.current = [];
    };
  }, [api, id, generation]);

  const cancel = useCallback(async () => {
    setDetail(await api.cancelRun(id));
  }, [api, id]);

  const resume = useCallback(async () => {
    await api.resumeRun(id);
    setGeneration((current) => current + 1);
  }, [api, id]);

  const answer = useCallback(
    async (body: unknown) => {
      await api.answerRun(id, body);
      setGeneration((current) => current + 1);
    },
    [api, id],
  );

  const serverStatus = detail?.status;
  // A run waiting for input has stopped emitting: the server's status says so, not the events'.
  const status =
    serverStatus === 'needs_input' || (isLive(view.status) && serverStatus && !isLive(serverStatus))
      ? serverStatus
      : view.status;
  return {
    view,
    detail,
    status: view.eventCount === 0 && serverStatus ? serverStatus : status,
    connection,
    error,
    cancel,
    resume,
    answer,
  };
}

/** The current time, ticking every second while `running` (for elapsed clocks). */
export function useNow(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return now;
}
