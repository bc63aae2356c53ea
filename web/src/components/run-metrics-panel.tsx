import { isLive, type RunStatus, totalDurationMs } from '../../../src/contract/index.js';
import { formatCost, formatDuration, formatTokens } from '../format.js';
import { costOf, elapsedOf, type RunViewState, runModelRows } from '../state/index.js';
import { ModelTable } from './model-table.js';

/** The run's figures: tokens, cost, time per tool, model calls by role, failures. */
/** `now` is the status line's clock, so the two times agree. */
export function RunMetricsPanel({
  view,
  status,
  now,
}: {
  view: RunViewState;
  status: RunStatus;
  now: number;
}) {
  const figures = view.figures;
  const { metrics, usage } = figures;
  const running = isLive(status);
  const tools = Object.entries(metrics.tools);
  const roles = Object.entries(metrics.roles);
  return (
    <div className="metrics" data-testid="run-metrics">
      <dl className="figures">
        <div>
          <dt>Tokens</dt>
          <dd>
            {formatTokens(usage.totalTokens)}
            <small>
              {' '}
              ({formatTokens(usage.inputTokens)} in / {formatTokens(usage.outputTokens)} out)
            </small>
          </dd>
        </div>
        <div>
          <dt>Cost</dt>
          <dd>{formatCost(costOf(view))}</dd>
        </div>
        <div>
          <dt>Model calls</dt>
          <dd>
            {metrics.llmCalls}
            {metrics.failedLlmCalls > 0 && <small> ({metrics.failedLlmCalls} failed)</small>}
          </dd>
        </div>
        <div>
          <dt>Time</dt>
          <dd>{formatDuration(elapsedOf(view, running, now))}</dd>
        </div>
        <div>
          <dt>Answer attempts</dt>
          <dd>{metrics.answerAttempts}</dd>
        </div>
        <div>
          <dt>Warnings / errors</dt>
          <dd>
            {metrics.warnings} / {metrics.errors}
          </dd>
        </div>
      </dl>
      <div className="metric-tables">
        <table>
          <caption>Tools</caption>
          <thead>
            <tr>
              <th scope="col">Tool</th>
              <th scope="col">Calls</th>
              <th scope="col">Failed</th>
              <th scope="col">Total time</th>
              <th scope="col">Mean</th>
            </tr>
          </thead>
          <tbody>
            {tools.length === 0 && (
              <tr>
                <td colSpan={5} className="muted">
                  {running ? 'No tool calls yet.' : 'No tool calls.'}
                </td>
              </tr>
            )}
            {tools.map(([name, tool]) => {
              if (!tool) return null;
              const finished = tool.durationsMs.length;
              const totalMs = totalDurationMs(tool);
              return (
                <tr key={name}>
                  <th scope="row">{name}</th>
                  <td>{tool.calls}</td>
                  <td className={tool.failed > 0 ? 'is-failed' : ''}>{tool.failed}</td>
                  <td>{formatDuration(totalMs)}</td>
                  <td>{finished > 0 ? formatDuration(totalMs / finished) : '–'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
        <table>
          <caption>Model calls by role</caption>
          <thead>
            <tr>
              <th scope="col">Role</th>
              <th scope="col">Calls</th>
              <th scope="col">Failed</th>
              <th scope="col">Tokens</th>
              <th scope="col">Cost</th>
            </tr>
          </thead>
          <tbody>
            {roles.length === 0 && (
              <tr>
                <td colSpan={5} className="muted">
                  {running ? 'No model calls yet.' : 'No model calls.'}
                </td>
              </tr>
            )}
            {roles.map(
              ([role, calls]) =>
                calls && (
                  <tr key={role}>
                    <th scope="row">{role}</th>
                    <td>{calls.calls}</td>
                    <td className={calls.failed > 0 ? 'is-failed' : ''}>{calls.failed}</td>
                    <td>{formatTokens(calls.totalTokens)}</td>
                    <td>{formatCost(calls.costUsd)}</td>
                  </tr>
                ),
            )}
          </tbody>
        </table>
        <ModelTable
          rows={runModelRows(metrics)}
          empty={running ? 'No model calls yet.' : 'No model calls.'}
        />
      </div>
    </div>
  );
}
