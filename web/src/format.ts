/** Formatting of figures for people, shared by every panel. */
import { RUN_STATUSES, type RunStatus, STATUS_WORDS } from '../../src/contract/index.js';

const isRunStatus = (status: string): status is RunStatus =>
  (RUN_STATUSES as readonly string[]).includes(status);

/** Token counts: `812`, `12k`, `1.25M`. */
export function formatTokens(tokens: number): string {
  if (tokens >= 1_000_000) return `${(tokens / 1_000_000).toFixed(2)}M`;
  if (tokens >= 10_000) return `${Math.round(tokens / 1000)}k`;
  return tokens.toLocaleString('en');
}

/** Dollars; `null` is an unknown price, shown as such rather than as $0. */
export function formatCost(costUsd: number | null): string {
  if (costUsd === null) return 'cost n/a';
  if (costUsd === 0) return '$0';
  return costUsd < 0.01 ? `$${costUsd.toFixed(4)}` : `$${costUsd.toFixed(2)}`;
}

/** Milliseconds as `420 ms`, `3.2 s`, `2 min 5 s`. */
export function formatDuration(milliseconds: number): string {
  if (milliseconds < 1000) return `${Math.round(milliseconds)} ms`;
  const seconds = milliseconds / 1000;
  if (seconds < 60) return `${seconds.toFixed(seconds < 10 ? 1 : 0)} s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes} min ${Math.round(seconds % 60)} s`;
}

/** An ISO time as a short local date and time; unparseable input is shown as it is. */
export function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString('en-GB', { dateStyle: 'short', timeStyle: 'short' });
}

/** A share (0–1) as a whole percentage; `null` is `n/a`. */
export function formatPercent(share: number | null): string {
  return share === null ? 'n/a' : `${Math.round(share * 100)}%`;
}

/**
 * Words for a run's status, the ones every surface uses (`best_effort` → "best effort", `needs_input`
 * → "waiting for input"); any other state (a judge's grade) with its underscores as spaces.
 */
export function statusLabel(status: string): string {
  return isRunStatus(status) ? STATUS_WORDS[status] : status.replaceAll('_', ' ');
}

/** A count with its noun: `1 step`, `3 steps`. */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
