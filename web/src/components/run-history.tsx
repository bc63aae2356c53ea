import { useEffect, useState } from 'react';
import type { ApiClient, RunSummary } from '../api/index.js';
import { FINAL_RUN_STATES } from '../events.js';
import { formatCost, formatTime, formatTokens, statusLabel } from '../format.js';

const REFRESH_MS = 3000;

/** Past and current runs, newest first; each opens its run page. Refreshes while a run is live. */
export function RunHistory({ api, onOpen }: { api: ApiClient; onOpen: (id: string) => void }) {
  const [runs, setRuns] = useState<RunSummary[]>();
  const [error, setError] = useState('');
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let active = true;
    const load = async () => {
      try {
        const page = await api.listRuns({ limit: 50 });
        if (!active) return;
        setRuns(page.runs);
        setError('');
        if (page.runs.some((run) => !FINAL_RUN_STATES.includes(run.status)))
          timer = setTimeout(load, REFRESH_MS);
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
              <span className="history-question">{run.question}</span>
            </a>
            <span className="muted history-meta">
              {formatTime(run.createdAt)} · {run.model ?? 'default model'} · {run.steps} steps ·{' '}
              {formatTokens(run.usage.totalTokens)} tokens · {formatCost(run.usage.costUsd)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
