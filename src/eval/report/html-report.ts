import type { QuestionResult } from '../run/question-result.js';
import { dollars, percent, score, seconds } from './format-figures.js';
import type { EvalSummary, GroupFigures } from './summary.js';
import { summaryRows } from './summary-markdown.js';
import { barChart, escapeHtml, histogram } from './svg-charts.js';

const STYLE = `body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:1100px;padding:0 1rem;color:#1d2330}
h1{font-size:1.5rem}h2{font-size:1.15rem;margin-top:2rem}table{border-collapse:collapse;width:100%;font-size:.9rem}
th,td{border-bottom:1px solid #e3e6ec;padding:.35rem .5rem;text-align:left;vertical-align:top}th{background:#f5f7fa}
.charts{display:flex;flex-wrap:wrap;gap:1.5rem}.charts svg{max-width:100%;height:auto}
.ok{color:#1a7f37}.bad{color:#b42318}.muted{color:#667085}td.answer{max-width:28rem}`;

function accuracyChart(title: string, groups: readonly (GroupFigures & { name: string })[]): string {
  return barChart({
    title,
    max: 1,
    bars: groups.map((group) => ({
      label: group.name,
      value: group.accuracy,
      text: `${percent(group.accuracy)} (n=${group.n})`,
    })),
  });
}

function charts(summary: EvalSummary, results: readonly QuestionResult[]): string[] {
  const list: string[] = [];
  if (summary.byType.length > 0) {
    list.push(
      accuracyChart(
        'Accuracy by question type',
        summary.byType.map((group) => ({ ...group, name: group.type })),
      ),
    );
  }
  if (summary.byLevel.length > 0) {
    list.push(
      accuracyChart(
        'Accuracy by level',
        summary.byLevel.map((group) => ({ ...group, name: group.level })),
      ),
    );
  }
  list.push(
    barChart({
      title: 'Runs by status',
      bars: Object.entries(summary.status).map(([label, value]) => ({ label, value })),
    }),
  );
  const costs = results.map((result) => result.usage.costUsd).filter((cost): cost is number => cost !== null);
  if (costs.length > 0) {
    list.push(
      histogram({
        title: 'Cost per question (USD)',
        values: costs,
        format: (value) => `$${value.toFixed(3)}`,
      }),
    );
  }
  list.push(
    histogram({
      title: 'Duration per question',
      values: results.map((result) => result.durationMs),
      format: (value) => seconds(value),
    }),
    histogram({
      title: 'Tokens per question',
      values: results.map((result) => result.usage.totalTokens),
      format: (value) => `${Math.round(value / 1000)}k`,
    }),
  );
  return list;
}

function questionRow(result: QuestionResult): string {
  const grade = result.judge?.grade ?? (result.judge?.error ? 'judge failed' : '');
  const right = result.judge?.grade ? result.judge.grade === 'correct' : result.em === 1;
  const cells = [
    escapeHtml(result.id),
    escapeHtml(result.question),
    escapeHtml(result.gold),
    `<span title="${escapeHtml(result.answer)}">${escapeHtml(result.prediction.slice(0, 300))}</span>`,
    `<span class="${right ? 'ok' : 'bad'}">${result.em}</span>`,
    score(result.f1),
    escapeHtml(grade),
    escapeHtml(result.status),
    `${result.citations.verified}/${result.citations.references}`,
    dollars(result.usage.costUsd),
    seconds(result.durationMs),
    `<span class="muted">${escapeHtml(result.runId)}</span>`,
  ];
  return `<tr>${cells.map((cell, index) => `<td${index === 3 ? ' class="answer"' : ''}>${cell}</td>`).join('')}</tr>`;
}

/** A self-contained HTML report (inline CSS and SVG, no external assets) of an evaluation. */
export function htmlReport(summary: EvalSummary, results: readonly QuestionResult[]): string {
  const overview = summaryRows(summary)
    .map(
      ([label, value]) => `<tr><th>${escapeHtml(label ?? '')}</th><td>${escapeHtml(value ?? '')}</td></tr>`,
    )
    .join('');
  const header = [
    'id',
    'question',
    'gold',
    'prediction',
    'EM',
    'F1',
    'judge',
    'status',
    'verified',
    'cost',
    'time',
    'run',
  ]
    .map((name) => `<th>${name}</th>`)
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Evaluation of ${escapeHtml(summary.dataset)}</title><style>${STYLE}</style></head>
<body><h1>Evaluation of ${escapeHtml(summary.dataset)} <span class="muted">(${escapeHtml(summary.format)})</span></h1>
<table>${overview}</table>
<h2>Charts</h2><div class="charts">${charts(summary, results).join('\n')}</div>
<h2>Questions</h2><table><thead><tr>${header}</tr></thead><tbody>${results.map(questionRow).join('\n')}</tbody></table>
</body></html>
`;
}
