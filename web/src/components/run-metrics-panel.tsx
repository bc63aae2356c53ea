import { formatCost, formatDuration, formatTokens } from '../format.js';
import type { MetricsState } from '../state/index.js';

/** The run's figures: tokens, cost, time per tool, model calls by role, failures. */
export function RunMetricsPanel({ metrics }: { metrics: MetricsState }) {
  const tools = Object.entries(metrics.tools);
  const roles = Object.entries(metrics.roles);
  return (
    <div className="metrics" data-testid="run-metrics">
      <dl className="figures">
        <div>
          <dt>Tokens</dt>
          <dd>
            {formatTokens(metrics.usage.totalTokens)}
            <small>
              {' '}
              ({formatTokens(metrics.usage.inputTokens)} in / {formatTokens(metrics.usage.outputTokens)} out)
            </small>
          </dd>
        </div>
        <div>
          <dt>Cost</dt>
          <dd>{formatCost(metrics.usage.costUsd)}</dd>
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
          <dd>{formatDuration(metrics.durationMs ?? metrics.elapsedMs)}</dd>
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
                  No tool calls yet.
                </td>
              </tr>
            )}
            {tools.map(([name, figures]) => {
              const finished = figures ? figures.succeeded + figures.failed : 0;
              return (
                figures && (
                  <tr key={name}>
                    <th scope="row">{name}</th>
                    <td>{figures.calls}</td>
                    <td className={figures.failed > 0 ? 'is-failed' : ''}>{figures.failed}</td>
                    <td>{formatDuration(figures.totalMs)}</td>
                    <td>{finished > 0 ? formatDuration(figures.totalMs / finished) : '–'}</td>
                  </tr>
                )
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
            {roles.map(([role, figures]) => (
              <tr key={role}>
                <th scope="row">{role}</th>
                <td>{figures.calls}</td>
                <td className={figures.failed > 0 ? 'is-failed' : ''}>{figures.failed}</td>
                <td>{formatTokens(figures.totalTokens)}</td>
                <td>{formatCost(figures.costUsd)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
