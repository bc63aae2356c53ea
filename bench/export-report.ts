/**
 * What a PDF and a DOCX export cost: an ordinary answer (a few paragraphs, a table, 10 references)
 * and a hostile one (a 60,000-character word, control characters, other scripts). Prints the median
 * time of 5 renders after a warm-up (the first render loads pdfkit/docx and the font) and the size.
 * Usage: npx tsx bench/export-report.ts
 */
import type { ResearchResult } from '../src/contract/index.js';
import { renderReport } from '../src/export/index.js';

const paragraph =
  'The tower is 330 metres tall [1] and was completed in 1889 [2]; it is repainted every seven years [3]. ';
const ordinary = `${paragraph.repeat(4)}\n\n| Part | Height |\n|---|---:|\n| Top | 276 m [1] |\n\n${paragraph.repeat(6)}`;
const hostile = `Bell\u0007 שלום עולם 🚀 [1]\n\n${'x'.repeat(60_000)}`;

function result(answer: string): ResearchResult {
  return {
    runId: 'bench',
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

for (const format of ['pdf', 'docx'] as const) {
  for (const [name, answer] of Object.entries({ ordinary, hostile })) {
    const options = { format, question: 'How tall is the Eiffel Tower?', result: result(answer) };
    await renderReport(options);
    const times: number[] = [];
    let bytes = 0;
    for (let round = 0; round < 5; round += 1) {
      const started = performance.now();
      bytes = (await renderReport(options)).body.length;
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(
      `${format} ${name}: median ${(times[2] ?? 0).toFixed(0)} ms, ${(bytes / 1024).toFixed(0)} KiB`,
    );
  }
}
