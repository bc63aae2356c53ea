import { formatCost, formatDuration, formatTokens } from '../format.js';
import type { ModelRow } from '../state/index.js';

const latency = (milliseconds: number | null) => (milliseconds === null ? '–' : formatDuration(milliseconds));

/**
 * Model calls by model: failures, fallbacks taken, cooldowns, latency (p50/p95), tokens and cost.
 * `empty` is what the table says when there is no call.
 */
export function ModelTable({ rows, empty }: { rows: readonly ModelRow[]; empty: string }) {
  return (
    <table className="model-table cards-on-phone table-wrap" data-testid="model-table">
      <caption>Model calls by model</caption>
      <thead>
        <tr>
          <th scope="col">Model</th>
          <th scope="col">Calls</th>
          <th scope="col">Failed</th>
          <th
            scope="col"
            title="Calls taken in place of a role's own model, which failed or was cooling down"
          >
            Fallbacks
          </th>
          <th scope="col" title="Times it was skipped for a while after failing calls in a row">
            Cooldowns
          </th>
          <th scope="col">Latency p50</th>
          <th scope="col">p95</th>
          <th scope="col">Tokens</th>
          <th scope="col">Cost</th>
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 && (
          <tr>
            <td colSpan={9} className="muted">
              {empty}
            </td>
          </tr>
        )}
        {rows.map((row) => (
          <tr key={row.model}>
            <th scope="row">{row.model}</th>
            <td className="short" data-label="Calls">
              {row.calls}
            </td>
            <td className={`short${row.failed > 0 ? ' is-failed' : ''}`} data-label="Failed">
              {row.failed}
            </td>
            <td className="short" data-label="Fallbacks">
              {row.fallbacks}
            </td>
            <td className={`short${row.cooldowns > 0 ? ' is-failed' : ''}`} data-label="Cooldowns">
              {row.cooldowns}
            </td>
            <td className="short" data-label="Latency p50">
              {latency(row.p50Ms)}
            </td>
            <td className="short" data-label="p95">
              {latency(row.p95Ms)}
            </td>
            <td className="short" data-label="Tokens">
              {formatTokens(row.totalTokens)}
            </td>
            <td className="short" data-label="Cost">
              {formatCost(row.costUsd)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
