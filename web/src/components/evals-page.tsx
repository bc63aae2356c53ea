import { useEffect, useState } from 'react';
import type { EvalListItem } from '../../../src/contract/index.js';
import type { ApiClient } from '../api/index.js';
import { countOf, formatCost, formatPercent, formatTime } from '../format.js';
import { type Bar, BarChart } from './bar-chart.js';
import { PageLink } from './page-link.js';

/** Accuracy of each evaluation, oldest on the left, as bars. */
function accuracyBars(evals: readonly EvalListItem[]): Bar[] {
  return [...evals].reverse().map((item) => ({
    id: item.id,
    label: item.name,
    segments: [{ name: 'accuracy', value: item.summary.accuracy * 100, className: 'fill-completed' }],
  }));
}

/** The evaluations of the server's eval folders: a table with their main figures, and accuracy. */
export function EvalsPage({ api, onOpen }: { api: ApiClient; onOpen: (id: string) => void }) {
  const [evals, setEvals] = useState<EvalListItem[]>();
  const [error, setError] = useState('');
  useEffect(() => {
    let active = true;
    api
      .listEvals()
      .then((list) => active && setEvals(list.evals))
      .catch((cause: unknown) => active && setError(cause instanceof Error ? cause.message : String(cause)));
    return () => {
      active = false;
    };
  }, [api]);

  return (
    <article className="dashboard evals">
      <header className="dashboard-header">
        <h1>Evaluations</h1>
      </header>
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
      {evals && evals.length === 0 && (
        <p className="muted">
          No evaluations found. Run <code>deepresearch eval DATASET</code> in the folder the server was
          started in, or start it with <code>--eval-dir FOLDER</code>.
        </p>
      )}
      {evals && evals.length > 0 && (
        <>
          {evals.length > 1 && (
            <BarChart
              title="Accuracy per evaluation"
              bars={accuracyBars(evals)}
              format={(value) => `${Math.round(value)}%`}
              empty={`Every evaluation scored 0% accuracy (${countOf(evals.length, 'evaluation')}).`}
            />
          )}
          <div className="table-wrap">
            <table className="evals-table cards-on-phone" data-testid="evals-table">
              <thead>
                <tr>
                  <th scope="col">Evaluation</th>
                  <th scope="col">Dataset</th>
                  <th scope="col">Model</th>
                  <th scope="col">Done</th>
                  <th scope="col">Accuracy</th>
                  <th scope="col">EM</th>
                  <th scope="col">F1</th>
                  <th scope="col">Quotes verified</th>
                  <th scope="col">Cost</th>
                  <th scope="col">Started</th>
                </tr>
              </thead>
              <tbody>
                {evals.map((item) => (
                  <tr key={item.id}>
                    <th scope="row">
                      <PageLink href={`/evals/${encodeURIComponent(item.id)}`} onOpen={() => onOpen(item.id)}>
                        {item.name}
                      </PageLink>
                    </th>
                    <td data-label="Dataset">
                      {item.summary.dataset} <small className="muted">{item.summary.format}</small>
                    </td>
                    <td data-label="Model">{item.model ?? '–'}</td>
                    <td className="short" data-label="Done">
                      {item.summary.finished}/{item.summary.questions}
                    </td>
                    <td className="short" data-label="Accuracy">
                      {formatPercent(item.summary.accuracy)}{' '}
                      <small className="muted">{item.summary.accuracyBy === 'judge' ? 'judge' : 'EM'}</small>
                    </td>
                    <td className="short" data-label="EM">
                      {formatPercent(item.summary.em)}
                    </td>
                    <td className="short" data-label="F1">
                      {item.summary.f1.toFixed(2)}
                    </td>
                    <td className="short" data-label="Quotes verified">
                      {formatPercent(item.summary.citations.verifiedShare)}
                    </td>
                    <td className="short" data-label="Cost">
                      {formatCost(item.summary.costUsd.total)}
                    </td>
                    <td className="short" data-label="Started">
                      {item.startedAt ? formatTime(item.startedAt) : '–'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </article>
  );
}
