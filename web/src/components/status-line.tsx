import { isLive, type RunStatus } from '../../../src/contract/index.js';
import { formatCost, formatDuration, formatPercent, formatTokens, statusLabel } from '../format.js';
import { costOf, elapsedOf, progressOf, type RunViewState } from '../state/index.js';

/** The progress bar and the one line of what the run is doing now: step, action, budget, tokens, cost, time. */
export function StatusLine({ view, status, now }: { view: RunViewState; status: RunStatus; now: number }) {
  const running = isLive(status);
  const progress = running ? progressOf(view, now) : 1;
  const elapsed = elapsedOf(view, running, now);
  const maxSteps = view.options?.maxSteps;
  const budget = view.tokenBudget > 0 ? view.tokensUsed / view.tokenBudget : null;
  // A run the server ended without a run-end event (interrupted by a crash) is no longer doing
  // what its last event said.
  const cutOff = !running && isLive(view.status);
  const activity = cutOff ? `${statusLabel(status)}: the run stopped before it finished` : view.activity;
  return (
    <div className="status">
      <div
        className={`progress is-${status}`}
        role="progressbar"
        aria-label="Run progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(progress * 100)}
      >
        <div className="progress-fill" style={{ width: `${Math.round(progress * 100)}%` }} />
      </div>
      {/* Only what the run is doing is announced; the clock ticking every second would drown it. */}
      <p className="status-line" data-testid="status-line">
        <span className={`badge is-${status}`}>{statusLabel(status)}</span>
        <span>
          step {view.step}
          {maxSteps ? `/${maxSteps}` : ''}
        </span>
        <span className="status-activity" title={activity} aria-live="polite">
          {activity}
        </span>
        <span>budget {formatPercent(budget)}</span>
        <span>{formatTokens(view.tokensUsed)} tokens</span>
        <span>{formatCost(costOf(view))}</span>
        <span>{formatDuration(elapsed)}</span>
      </p>
    </div>
  );
}
