import { count, dollars, markdownTable, percent, score, seconds } from './format-figures.js';
import type { EvalSummary, GroupFigures } from './summary.js';

function groupRows(groups: readonly (GroupFigures & { name: string })[]): string[][] {
  return groups.map((group) => [
    group.name,
    String(group.n),
    percent(group.accuracy),
    score(group.em),
    score(group.f1),
  ]);
}

/** The overall figures as label/value rows, shared by the markdown and HTML reports. */
export function summaryRows(summary: EvalSummary): string[][] {
  const accuracyLabel = summary.accuracyBy === 'judge' ? 'accuracy (judge)' : 'accuracy (exact match)';
  const rows: string[][] = [
    ['questions', `${summary.finished} finished of ${summary.questions}`],
    [accuracyLabel, percent(summary.accuracy)],
    ['exact match', score(summary.em)],
    ['F1', score(summary.f1)],
  ];
  if (summary.judge) {
    const judge = summary.judge;
    rows.push(
      [
        'judge',
        `${judge.model}: ${percent(judge.correct)} correct, ${percent(judge.incorrect)} incorrect, ${percent(judge.notAttempted)} not attempted${judge.failed > 0 ? `, ${judge.failed} failed` : ''}`,
      ],
      ['accuracy given attempted', percent(judge.accuracyGivenAttempted)],
      ['SimpleQA F1', score(judge.f1)],
    );
  }
  const { citations } = summary;
  rows.push([
    'references verified',
    `${citations.verified} of ${citations.references} (${percent(citations.verifiedShare)})`,
  ]);
  if (citations.claims) {
    rows.push([
      'claims supported',
      `${citations.claims.supported} of ${citations.claims.total} (${percent(citations.claims.supportedShare)})`,
    ]);
  }
  rows.push(
    [
      'status',
      Object.entries(summary.status)
        .map(([status, n]) => `${status} ${n}`)
        .join(', '),
    ],
    [
      'stop reasons',
      Object.entries(summary.stopReasons)
        .map(([reason, n]) => `${reason} ${n}`)
        .join(', '),
    ],
    ['tokens', `${count(summary.tokens.total)} (${count(summary.tokens.mean)} a question)`],
    [
      'cost',
      `${dollars(summary.costUsd.total)} (${dollars(summary.costUsd.mean)} a question)${summary.judge ? `; judge ${dollars(summary.judge.costUsd)}` : ''}`,
    ],
    [
      'duration',
      `median ${seconds(summary.durationMs.median)}, p90 ${seconds(summary.durationMs.p90)}, max ${seconds(summary.durationMs.max)}`,
    ],
  );
  return rows;
}

/** The summary as markdown: the overall table, then accuracy by question type and by level. */
export function summaryMarkdown(summary: EvalSummary): string {
  const parts = [
    `## Evaluation of ${summary.dataset} (${summary.format})`,
    markdownTable(['', 'value'], summaryRows(summary)),
  ];
  const header = ['', 'n', 'accuracy', 'EM', 'F1'];
  if (summary.byType.length > 1 || summary.byType[0]?.type !== '(none)') {
    parts.push(
      '### By question type',
      markdownTable(header, groupRows(summary.byType.map((group) => ({ ...group, name: group.type })))),
    );
  }
  if (summary.byLevel.length > 0) {
    parts.push(
      '### By level',
      markdownTable(header, groupRows(summary.byLevel.map((group) => ({ ...group, name: group.level })))),
    );
  }
  return `${parts.join('\n\n')}\n`;
}
