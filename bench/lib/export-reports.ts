import type { ResearchResult } from '../../src/contract/index.js';

const paragraph =
  'The tower is 330 metres tall [1] and was completed in 1889 [2]; it is repainted every seven years [3]. ';

/** An ordinary answer: a few paragraphs with citations and a small table; `n` makes each one different. */
export function ordinaryAnswer(n: number): string {
  const table = `| Part | Height |\n|---|---:|\n| Top | 276 m [1] |\n| Report | ${n} |`;
  return `${paragraph.repeat(4)}\n\n${table}\n\n${paragraph.repeat(6)}\n\nReport number ${n}.`;
}

/** A writer's "table of…": 150 rows × 40 columns, and ordinary text around it. */
export function tableAnswer(n: number): string {
  const columns = 40;
  const header = `| ${Array.from({ length: columns }, (_, column) => `Figure ${column + 1}`).join(' | ')} |`;
  const rule = `|${' --- |'.repeat(columns)}`;
  const rows = Array.from(
    { length: 150 },
    (_, row) => `| ${Array.from({ length: columns }, (_, column) => `${n}.${row}.${column}`).join(' | ')} |`,
  );
  return `${ordinaryAnswer(n)}\n\n${[header, rule, ...rows].join('\n')}`;
}

/** A hostile answer: a control character, other scripts, emoji and a 60,000-character word. */
export const hostileAnswer = (): string => `Bell\u0007 שלום עולם 🚀 [1]\n\n${'x'.repeat(60_000)}`;

/** A finished run's result with `answer`, ten references and three supported claims. */
export function benchResult(answer: string, runId = 'bench'): ResearchResult {
  return {
    runId,
    question: 'How tall is the Eiffel Tower?',
    status: 'completed',
    stopReason: 'evaluation_passed',
    answer,
    references: Array.from({ length: 10 }, (_, index) => ({
      url: `https://example.org/${index}`,
      title: `Source ${index + 1}`,
      quote: 'The tower is 330 metres tall and was completed in 1889.',
      verified: true,
    })),
    usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0, costUsd: null },
    llmCalls: 0,
    steps: 0,
    durationMs: 0,
    claims: { total: 3, supported: 3, unsupported: [] },
    words: 0,
    followUps: ['What did it cost?'],
  };
}
