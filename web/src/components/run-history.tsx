import { useEffect, useState } from 'react';
import { isLive, type RunSummary } from '../../../src/contract/index.js';
import type { ApiClient } from '../api/index.js';
import { countOf, formatCost, formatTime, formatTokens, statusLabel } from '../format.js';

const REFRESH_MS = 3000;
const PAGE_SIZE = 50;

/**
 * Past and current runs, newest first; each opens its run page. Refreshes the newest page while a
 * run is live; "Show older runs" pages back through the rest, so every stored run can be reopened.
 */
export function RunHistory({ api, onOpen }: { api: ApiClient; onOpen: (id: string) => void }) {
  const [newest, setNewest] = useState<RunSummary[]>();
  const [older, setOlder] = useState<RunSummary[]>([]);
  const [cursor, setCursor] = useState<string>();
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [error, setError] = useState('');
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let active = true;
    const load = async () => {
      try {
        const page = await api.listRuns({ limit: PAGE_SIZE });
        if (!active) return;
        setNewest(page.runs);
        setCursor((current) => current ?? page.nextCursor);
        setError('');
        if (page.runs.some((run) => isLive(run.status))) timer = setTimeout(load, REFRESH_MS);
      } catch (cause) {
        if (active) setError(cause instanceof Error ? cause.message : String(cause));
      }
    };
    void load();
    return () => {
      active = false;
      if (timer) clearTimeout(timer);
    };
  }, [api]);

  const showOlder = async () => {
    if (!cursor) return;
    setLoadingOlder(true);
    try {
      const page = await api.listRuns({ limit: PAGE_SIZE, cursor });
      setOlder((current) => [...current, ...page.runs]);
      setCursor(page.nextCursor ?? '');
      setError('');
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : String(cause));
    } finally {
      setLoadingOlder(false);
    }
  };
  // The newest page is refreshed while runs are live; older pages do not change, but a run can
  // appear in both after new runs pushed it down, so each id is listed once.
  const runs = newest && [
    ...newest,
    ...older.filter((run) => !newest.some((recent) => recent.id === run.id)),
  ];

  return (
    <section className="panel history" aria-label="History">
      <h2>History</h2>
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
      {runs?.length === 0 && <p className="muted">No runs yet. Ask a question above.</p>}
      <ul className="history-list" data-testid="history">
        {runs?.map((run) => (
          <li key={run.id}>
            <a
              className="history-link"
              href={`/runs/${encodeURIComponent(run.id)}`}
              onClick={(event) => {
                if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                event.preventDefault();
                onOpen(run.id);
              }}
            >
              <span className={`badge is-${run.status}`}>{statusLabel(run.status)}</span>
              <span className="history-question" title={run.question}>
                {run.question}
              </span>
            </a>
            <span className="muted history-meta">
              {formatTime(run.createdAt)} · {run.model ?? 'default model'} · {countOf(run.steps, 'step')} ·{' '}
              {formatTokens(run.usage.totalTokens)} tokens · {formatCost(run.usage.costUsd)}
            </span>
          </li>
        ))}
      </ul>
      {cursor && (
        <button type="button" onClick={showOlder} disabled={loadingOlder}>
          {loadingOlder ? 'Loading…' : 'Show older runs'}
        </button>
      )}
    </section>
  );
}
