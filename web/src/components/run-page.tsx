import { type ReactNode, useEffect, useRef } from 'react';
import { isLive } from '../../../src/contract/index.js';
import type { ApiClient } from '../api/index.js';
import { useKeptRuns, useNow, useRun } from '../hooks/index.js';
import { settleChart } from '../state/index.js';
import { AnswerPanel } from './answer-panel.js';
import { EvaluationPanel } from './evaluation-panel.js';
import { FollowUps } from './follow-ups.js';
import { InputForm } from './input-form.js';
import { MemoriesPanel } from './memories-panel.js';
import { PlanChecklist } from './plan-checklist.js';
import { ReferenceChecks } from './reference-checks.js';
import { RunActions } from './run-actions.js';
import { RunMetricsPanel } from './run-metrics-panel.js';
import { SourcesPanel } from './sources-panel.js';
import { StatusLine } from './status-line.js';
import { TraceTimeline } from './trace-timeline.js';
import { WorkflowChart } from './workflow-chart.js';

function Panel({ area, title, children }: { area: string; title: string; children: ReactNode }) {
  return (
    <section className={`panel area-${area}`} aria-label={title}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}

/**
 * One run, live or stored: chart, status, answer, sources, the earlier runs it remembered, plan,
 * timeline, evaluation, metrics and the follow-up questions.
 */
export function RunPage({
  api,
  runId,
  onOpenRun = () => {},
}: {
  api: ApiClient;
  runId: string;
  /** Opens another run: one it remembered, or a follow-up started here. */
  onOpenRun?: (id: string) => void;
}) {
  const run = useRun(api, runId);
  const { view, status } = run;
  const keptRuns = useKeptRuns(
    api,
    view.memories.map((use) => use.runId),
  );
  const heading = useRef<HTMLHeadingElement>(null);
  // One clock for the status line and the run metrics, so their times agree.
  const live = isLive(status);
  const now = useNow(live);
  // Opening a run (after asking, or from the history) takes keyboard and screen-reader users to it;
  // the page is keyed by the run's id, so this runs once per run opened.
  useEffect(() => {
    heading.current?.focus();
  }, []);
  const question = view.question || run.detail?.question || '';
  useEffect(() => {
    document.title = question ? `${question} — DeepResearch` : 'DeepResearch';
  }, [question]);
  if (run.error) {
    return (
      <p className="alert" role="alert">
        Could not load run {runId}: {run.error}
      </p>
    );
  }
  return (
    <article className="run" data-status={status} data-connection={run.connection}>
      <header className="run-header">
        <h1 className="question" ref={heading} tabIndex={-1}>
          {question || 'Loading…'}
        </h1>
        <RunActions
          api={api}
          runId={runId}
          status={status}
          hasResult={Boolean(run.detail?.result?.answer) || (view.answerIsFinal && view.answer !== '')}
          onStop={run.cancel}
          onResume={run.resume}
        />
        <StatusLine view={view} status={status} now={now} />
        {status === 'needs_input' && run.detail?.input && (
          <InputForm key={run.detail.eventCount} request={run.detail.input} onSubmit={run.answer} />
        )}
        {live && status !== 'needs_input' && run.connection === 'reconnecting' && (
          <p className="notice" role="status" data-testid="connection-lost">
            Lost the connection to the server. Reconnecting… nothing is lost: the run goes on there and its
            events resume here where they stopped.
          </p>
        )}
      </header>
      <WorkflowChart chart={live ? view.chart : settleChart(view.chart)} />
      {/* The answer and its evaluation beside the sources and plan (one column on narrow screens,
          in this order); each column grows with its panels, so no box of fixed height cuts any. */}
      <div className="run-grid">
        <div className="run-column">
          <Panel area="answer" title={view.options?.report ? 'Report' : 'Answer'}>
            <AnswerPanel view={view} status={status} />
            <FollowUps api={api} runId={runId} questions={view.followUps} onStarted={onOpenRun} />
          </Panel>
          <Panel area="evaluation" title="Evaluation">
            <EvaluationPanel evaluation={view.evaluation} status={status} />
          </Panel>
          {!live && (run.detail?.result?.references.length ?? 0) > 0 && (
            <Panel area="archive" title="Archived citations">
              <ReferenceChecks
                key={run.detail?.verification?.checkedAt ?? 'unchecked'}
                api={api}
                runId={runId}
                references={run.detail?.result?.references ?? []}
                verification={run.detail?.verification}
                hasArchive={run.detail?.hasArchive ?? false}
              />
            </Panel>
          )}
        </div>
        <div className="run-column">
          {view.memories.length > 0 && (
            <Panel area="memory" title="Remembered runs">
              <MemoriesPanel memories={view.memories} kept={keptRuns} onOpen={onOpenRun} />
            </Panel>
          )}
          <Panel area="sources" title="Sources">
            <SourcesPanel
              sources={view.sources}
              screenshotUrl={(sourceNumber) => api.screenshotUrl(runId, sourceNumber)}
            />
          </Panel>
          <Panel area="plan" title="Plan">
            <PlanChecklist plan={view.plan} />
          </Panel>
        </div>
      </div>
      <Panel area="timeline" title="Trace">
        <TraceTimeline entries={view.timeline.entries} live={live} />
      </Panel>
      <Panel area="metrics" title="Run metrics">
        <RunMetricsPanel view={view} status={status} now={now} />
      </Panel>
    </article>
  );
}
