import { useEffect, useState } from 'react';
import { type MetricsReport, RUN_STATUSES, type RunSummary } from '../../../src/contract/index.js';
import type { ApiClient } from '../api/index.js';
import {
  formatCost,
  formatDuration,
  formatPercent,
  formatTime,
  formatTokens,
  statusLabel,
} from '../format.js';
import { reportModelRows } from '../state/index.js';
import { type Bar, BarChart } from './bar-chart.js';
import { ModelTable } from './model-table.js';

const WINDOWS = ['1h', '24h', '7d', '30d', 'all'] as const;

const bucketLabel = (iso: string) => formatTime(iso);

function durationBars(runs: RunSummary[]): Bar[] {
  return runs
    .filter((run) => run.startedAt && run.endedAt)
    .slice(0, 40)
    .reverse()
    .map((run) => ({
      id: run.id,
      label: formatTime(run.createdAt),
      segments: [
        {
          name: statusLabel(run.status),
          value: Date.parse(run.endedAt!) - Date.parse(run.startedAt!),
          className: `fill-${run.status}`,
        },
      ],
    }));
}

/** Past runs at a glance: status counts, durations, tokens, cost and tool health over a time window. */
export function Dashboard({ api }: { api: ApiClient }) {
  const [window, setWindow] = useState<(typeof WINDOWS)[number]>('24h');
  const [report, setReport] = useState<MetricsReport>();
  const [runs, setRuns] = useState<RunSummary[]>([]);
  const [error, setError] = useState('');
  useEffect(() => {
    let active = true;
    Promise.all([api.getMetrics(window), api.listRuns({ limit: 100 })])
      .then(([metrics, page]) => {
        if (!active) return;
        setReport(metrics);
        setRuns(page.runs);
        setError('');
      })
      .catch((cause: unknown) => active && setError(cause instanceof Error ? cause.message : String(cause)));
    return () => {
      active = false;
    };
  }, [api, window]);

  const series = report?.series ?? [];
  // Every run unpriced: the sum of their costs is unknown, not $0.
  const costKnown = !report || report.runs.total === 0 || report.runsWithUnknownCost < report.runs.total;
  const statusBars: Bar[] = series.map((bucket) => ({
    id: bucket.start,
    label: bucketLabel(bucket.start),
    segments: [
      { name: 'completed', value: bucket.completed, className: 'fill-completed' },
      { name: 'failed', value: bucket.failed, className: 'fill-failed' },
      { name: 'other', value: bucket.runs - bucket.completed - bucket.failed, className: 'fill-other' },
    ],
  }));
  const single = (
    name: string,
    pick: (bucket: MetricsReport['series'][number]) => number,
    className: string,
  ): Bar[] =>
    series.map((bucket) => ({
      id: bucket.start,
      label: bucketLabel(bucket.start),
      segments: [{ name, value: pick(bucket), className }],
    }));

  return (
    <article className="dashboard">
      <header className="dashboard-header">
        <h1>Dashboard</h1>
        <label>
          Window{' '}
          <select
            value={window}
            onChange={(event) => setWindow(event.target.value as (typeof WINDOWS)[number])}
          >
            {WINDOWS.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </label>
      </header>
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
      {report && (
        <>
          <dl className="figures cards" data-testid="dashboard-figures">
            <div>
              <dt>Runs</dt>
              <dd>{report.runs.total}</dd>
            </div>
            {RUN_STATUSES.filter((state) => report.runs.byStatus[state] > 0).map((state) => (
              <div key={state}>
                <dt>
                  <span className={`badge is-${state}`}>{statusLabel(state)}</span>
                </dt>
                <dd>{report.runs.byStatus[state]}</dd>
              </div>
            ))}
            <div>
              <dt>Duration p50 / p90</dt>
              <dd>
                {report.durationMs.p50 === null ? 'n/a' : formatDuration(report.durationMs.p50)} /{' '}
                {report.durationMs.p90 === null ? 'n/a' : formatDuration(report.durationMs.p90)}
              </dd>
            </div>
            <div>
              <dt>Tokens</dt>
              <dd>{formatTokens(report.tokens.total)}</dd>
            </div>
            <div>
              <dt>Cost</dt>
              <dd data-testid="dashboard-cost">
                {costKnown ? formatCost(report.costUsd) : 'n/a'}
                {costKnown && report.runsWithUnknownCost > 0 && (
                  <small> (+{report.runsWithUnknownCost} unpriced)</small>
                )}
              </dd>
            </div>
            <div data-testid="dashboard-evaluation">
              <dt>Evaluation (avg of {report.evaluation?.runs ?? 0})</dt>
              <dd className="scores">
                {report.evaluation?.average
                  ? `relevance ${report.evaluation.average.relevance} · accuracy ${report.evaluation.average.accuracy} · completeness ${report.evaluation.average.completeness} · sources ${report.evaluation.average.sourceQuality}`
                  : 'n/a'}
              </dd>
            </div>
            <div>
              <dt>Model calls ok</dt>
              <dd>
                {formatPercent(report.llm.successRate)} <small>of {report.llm.calls}</small>
              </dd>
            </div>
          </dl>
          <div className="chart-grid">
            <BarChart title="Runs by status" bars={statusBars} format={(value) => String(value)} />
            <BarChart title="Duration per run" bars={durationBars(runs)} format={formatDuration} />
            <BarChart
              title="Tokens"
              bars={single('tokens', (bucket) => bucket.totalTokens, 'fill-tokens')}
              format={formatTokens}
            />
            {costKnown ? (
              <BarChart
                title="Cost"
                bars={single('cost', (bucket) => bucket.costUsd, 'fill-cost')}
                format={formatCost}
              />
            ) : (
              <figure className="bar-chart">
                <figcaption>Cost</figcaption>
                <p className="muted">
                  n/a: no run's cost is known (its models have no price, as local models do).
                </p>
              </figure>
            )}
            <BarChart
              title="Evaluation score (0–10)"
              bars={single('score', (bucket) => bucket.evaluationScore ?? 0, 'fill-tokens')}
              format={(value) => value.toFixed(1)}
            />
          </div>
          <table className="tools-table">
            <caption>Tools</caption>
            <thead>
              <tr>
                <th scope="col">Tool</th>
                <th scope="col">Calls</th>
                <th scope="col">Success</th>
                <th scope="col">Latency p50</th>
                <th scope="col">p90</th>
              </tr>
            </thead>
            <tbody>
              {Object.entries(report.tools).map(([name, tool]) => (
                <tr key={name}>
                  <th scope="row">{name}</th>
                  <td>{tool.calls}</td>
                  <td>{formatPercent(tool.successRate)}</td>
                  <td>{tool.latencyMs.p50 === null ? '–' : formatDuration(tool.latencyMs.p50)}</td>
                  <td>{tool.latencyMs.p90 === null ? '–' : formatDuration(tool.latencyMs.p90)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <ModelTable rows={reportModelRows(report)} empty="No model calls in this window." />
          {report.live && (
            <p className="muted">
              Now: {report.live.running} running, {report.live.queued} queued.
            </p>
          )}
        </>
      )}
    </article>
  );
}
