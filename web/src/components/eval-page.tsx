import { useEffect, useState } from 'react';
import type { EvalDetail } from '../../../src/contract/index.js';
import type { ApiClient } from '../api/index.js';
import {
  formatCost,
  formatDuration,
  formatPercent,
  formatTime,
  formatTokens,
  statusLabel,
} from '../format.js';
import { binLabel, histogram, outcomesByStatus } from '../state/index.js';
import { type Bar, BarChart } from './bar-chart.js';
import { PageLink } from './page-link.js';
import { ShareBars, type ShareRow } from './share-bars.js';

/** Histogram bars of `values`, labelled by each bin's bounds (one value when they read the same). */
function histogramBars(values: number[], label: (value: number) => string, className: string): Bar[] {
  return histogram(values).map((bin) => ({
    id: String(bin.from),
    label: binLabel(bin, label),
    segments: [{ name: 'questions', value: bin.count, className }],
  }));
}

function chartsOf(detail: EvalDetail) {
  const byType: ShareRow[] = detail.summary.byType.map((group) => ({
    id: group.type,
    label: group.type,
    parts: [{ name: 'accuracy', value: group.accuracy, className: 'fill-completed' }],
    text: `${formatPercent(group.accuracy)} of ${group.n}`,
  }));
  const byStatus: ShareRow[] = outcomesByStatus(detail.questions).map((entry) => ({
    id: entry.status,
    label: statusLabel(entry.status),
    parts: [
      { name: 'right', value: entry.correct, className: 'fill-completed' },
      { name: 'wrong', value: entry.wrong, className: 'fill-failed' },
    ],
    text: `${entry.correct} right, ${entry.wrong} wrong`,
  }));
  const durations = histogramBars(
    detail.questions.map((question) => question.durationMs),
    formatDuration,
    'fill-tokens',
  );
  const priced = detail.questions.flatMap((question) =>
    question.costUsd === null ? [] : [question.costUsd],
  );
  const costs = histogramBars(priced, formatCost, 'fill-cost');
  return { byType, byStatus, durations, costs };
}

/** One evaluation: its figures, charts by question type, run status, duration and cost, and its questions. */
export function EvalPage({
  api,
  evalId,
  onOpenRun,
}: {
  api: ApiClient;
  evalId: string;
  onOpenRun: (runId: string) => void;
}) {
  const [detail, setDetail] = useState<EvalDetail>();
  const [error, setError] = useState('');
  useEffect(() => {
    let active = true;
    api
      .getEval(evalId)
      .then((loaded) => {
        if (!active) return;
        setDetail(loaded);
        document.title = `${loaded.name} — DeepResearch`;
      })
      .catch((cause: unknown) => active && setError(cause instanceof Error ? cause.message : String(cause)));
    return () => {
      active = false;
    };
  }, [api, evalId]);

  if (error)
    return (
      <p className="alert" role="alert">
        {error}
      </p>
    );
  if (!detail) return <p className="muted">Loading…</p>;
  const { summary } = detail;
  const charts = chartsOf(detail);
  const count = (value: number) => String(value);
  return (
    <article className="dashboard eval">
      <header className="dashboard-header">
        <h1>{detail.name}</h1>
        <span className="muted">
          {summary.dataset} · {summary.format}
          {detail.model ? ` · ${detail.model}` : ''}
          {detail.startedAt ? ` · ${formatTime(detail.startedAt)}` : ''}
        </span>
      </header>
      <dl className="figures cards" data-testid="eval-figures">
        <div>
          <dt>Accuracy ({summary.accuracyBy === 'judge' ? 'judge' : 'exact match'})</dt>
          <dd>
            {formatPercent(summary.accuracy)}
            <small>
              {summary.finished} of {summary.questions} questions done
            </small>
          </dd>
        </div>
        <div>
          <dt>EM / F1</dt>
          <dd>
            {formatPercent(summary.em)} / {summary.f1.toFixed(2)}
          </dd>
        </div>
        {summary.judge && (
          <div>
            <dt>Judge ({summary.judge.model})</dt>
            <dd>
              {formatPercent(summary.judge.correct)}
              <small>
                {formatPercent(summary.judge.incorrect)} incorrect,{' '}
                {formatPercent(summary.judge.notAttempted)} not attempted
              </small>
            </dd>
          </div>
        )}
        <div>
          <dt>Quotes verified</dt>
          <dd>
            {formatPercent(summary.citations.verifiedShare)}
            <small>
              {summary.citations.verified} of {summary.citations.references} references
            </small>
          </dd>
        </div>
        {summary.citations.claims && (
          <div>
            <dt>Claims supported</dt>
            <dd>
              {formatPercent(summary.citations.claims.supportedShare)}
              <small>of {summary.citations.claims.total} claims</small>
            </dd>
          </div>
        )}
        <div>
          <dt>Cost</dt>
          <dd>
            {formatCost(summary.costUsd.total)}
            <small>
              {summary.costUsd.mean === null ? '' : `${formatCost(summary.costUsd.mean)} per question`}
            </small>
          </dd>
        </div>
        <div>
          <dt>Tokens</dt>
          <dd>
            {formatTokens(summary.tokens.total)}
            <small>{formatTokens(Math.round(summary.tokens.mean))} per question</small>
          </dd>
        </div>
        <div>
          <dt>Duration median / p90</dt>
          <dd>
            {formatDuration(summary.durationMs.median)} / {formatDuration(summary.durationMs.p90)}
          </dd>
        </div>
      </dl>
      <div className="chart-grid">
        {charts.byType.length > 0 && (
          <ShareBars title="Accuracy by question type" rows={charts.byType} max={1} />
        )}
        <ShareBars
          title="Right and wrong by run status"
          rows={charts.byStatus}
          max={Math.max(
            0,
            ...charts.byStatus.map((row) => row.parts.reduce((sum, part) => sum + part.value, 0)),
          )}
        />
        <BarChart title="Questions by duration" bars={charts.durations} format={count} />
        {charts.costs.length > 0 && <BarChart title="Questions by cost" bars={charts.costs} format={count} />}
      </div>
      <div className="table-wrap">
        <table className="eval-questions cards-on-phone" data-testid="eval-questions">
          <caption>Questions</caption>
          <thead>
            <tr>
              <th scope="col">Id</th>
              <th scope="col">Question</th>
              <th scope="col">Gold</th>
              <th scope="col">Prediction</th>
              <th scope="col">Right</th>
              <th scope="col">F1</th>
              <th scope="col">Run</th>
              <th scope="col">Verified</th>
              <th scope="col">Cost</th>
              <th scope="col">Duration</th>
            </tr>
          </thead>
          <tbody>
            {detail.questions.map((question) => (
              <tr key={question.id} className={question.correct ? 'is-right' : 'is-wrong'}>
                <th scope="row">{question.id}</th>
                <td data-label="Question">{question.question}</td>
                <td data-label="Gold">{question.gold}</td>
                <td data-label="Prediction">
                  {question.prediction || <span className="muted">(no answer)</span>}
                </td>
                <td className="short" data-label="Right">
                  {question.correct ? 'yes' : 'no'}
                  {question.grade && <small className="muted"> {statusLabel(question.grade)}</small>}
                </td>
                <td className="short" data-label="F1">
                  {question.f1.toFixed(2)}
                </td>
                <td className="short" data-label="Run">
                  <PageLink
                    href={`/runs/${encodeURIComponent(question.runId)}`}
                    onOpen={() => onOpenRun(question.runId)}
                  >
                    <span className={`badge is-${question.status}`}>{statusLabel(question.status)}</span>
                  </PageLink>
                </td>
                <td className="short" data-label="Verified">
                  {question.verified}/{question.references}
                </td>
                <td className="short" data-label="Cost">
                  {formatCost(question.costUsd)}
                </td>
                <td className="short" data-label="Duration">
                  {formatDuration(question.durationMs)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </article>
  );
}
