import { parseHTML } from 'linkedom';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { MetricsReport } from '../../../src/contract/index.js';
import { type FixtureEntry, recordEvents } from '../state/fixtures/record.js';
import { foldEvents, initialRunViewState, reportModelRows } from '../state/index.js';
import { ModelTable } from './model-table.js';
import { RunMetricsPanel } from './run-metrics-panel.js';

const render = (markup: string) => parseHTML(`<html><body>${markup}</body></html>`).document;
const usage = (totalTokens: number, costUsd: number | null) => ({
  inputTokens: totalTokens,
  outputTokens: 0,
  totalTokens,
  costUsd,
});

/** A primary that failed twice and cooled down, then a fallback that answered. */
const entries: FixtureEntry[] = [
  [
    1,
    {
      type: 'usage',
      role: 'planner',
      model: 'openai:gpt-4o',
      ok: false,
      call: usage(0, 0),
      total: usage(0, 0),
      llmCalls: 1,
      durationMs: 3000,
    },
  ],
  [
    1,
    {
      type: 'usage',
      role: 'planner',
      model: 'openai:gpt-4o',
      ok: false,
      call: usage(0, 0),
      total: usage(0, 0),
      llmCalls: 2,
      durationMs: 5000,
    },
  ],
  [
    1,
    {
      type: 'warning',
      code: 'model_cooldown',
      model: 'openai:gpt-4o',
      message: 'openai:gpt-4o is skipped for 60 s',
    },
  ],
  [
    1,
    {
      type: 'usage',
      role: 'planner',
      model: 'ollama:llama3.1',
      ok: true,
      call: usage(120, null),
      total: usage(120, null),
      llmCalls: 3,
      durationMs: 800,
      fallback: true,
    },
  ],
  [
    2,
    {
      type: 'usage',
      role: 'writer',
      model: 'ollama:llama3.1',
      ok: true,
      call: usage(80, null),
      total: usage(200, null),
      llmCalls: 4,
      durationMs: 1200,
      fallback: true,
    },
  ],
];

const rowsOf = (document: Document) =>
  [...document.querySelectorAll('[data-testid="model-table"] tbody tr')].map((row) =>
    [...row.querySelectorAll('th, td')].map((cell) => cell.textContent),
  );

describe('the per-model table', () => {
  it('shows a run’s calls, failures, fallbacks, cooldowns and latency per model', () => {
    const view = foldEvents(initialRunViewState, recordEvents('run-1', entries));
    const document = render(renderToStaticMarkup(<RunMetricsPanel view={view} status="completed" now={0} />));
    const rows = rowsOf(document);
    expect(rows.map((row) => row.slice(0, 5))).toEqual([
      ['ollama:llama3.1', '2', '0', '2', '0'],
      ['openai:gpt-4o', '2', '2', '0', '1'],
    ]);
    // Latency p50/p95 of the fallback's two calls (0.8 s and 1.2 s), and of the primary's (3 s, 5 s).
    expect(rows.map((row) => row.slice(5, 7))).toEqual([
      ['800 ms', '1.2 s'],
      ['3.0 s', '5.0 s'],
    ]);
  });

  it('says so when a run made no model call yet', () => {
    const document = render(
      renderToStaticMarkup(<RunMetricsPanel view={initialRunViewState} status="running" now={0} />),
    );
    expect(document.querySelector('[data-testid="model-table"] tbody')?.textContent).toBe(
      'No model calls yet.',
    );
  });

  it('shows the dashboard’s models, and nothing for a report of an earlier server', () => {
    const summary = { count: 3, mean: 400, p50: 300, p90: 900, p95: 900, p99: 900, max: 900 };
    const report = {
      models: {
        'openai:gpt-4o': {
          calls: 3,
          failed: 1,
          fallbacks: 0,
          cooldowns: 0,
          successRate: 2 / 3,
          latencyMs: summary,
          totalTokens: 500,
          costUsd: 0.01,
        },
      },
    } as unknown as MetricsReport;
    const document = render(renderToStaticMarkup(<ModelTable rows={reportModelRows(report)} empty="none" />));
    expect(rowsOf(document)[0]?.slice(0, 5)).toEqual(['openai:gpt-4o', '3', '1', '0', '0']);
    expect(reportModelRows({} as MetricsReport)).toEqual([]);
  });
});
