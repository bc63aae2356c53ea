/**
 * What one PDF and one DOCX export cost, rendered in this thread: an ordinary answer (a few
 * paragraphs, a table, 10 references), a writer's 150 × 40 table, and a hostile answer (a
 * 60,000-character word, control characters, other scripts). Prints the median time of 5 renders
 * after a warm-up (the first render loads pdfkit/docx and the font) and the size. What exports
 * cost a server under load: bench/export-load.ts.
 * Usage: npx tsx bench/export-report.ts
 */
import { renderReport } from '../src/export/index.js';
import { benchResult, hostileAnswer, ordinaryAnswer, tableAnswer } from './lib/export-reports.js';
import { median } from './lib/timing.js';

const answers = { ordinary: ordinaryAnswer(0), table: tableAnswer(0), hostile: hostileAnswer() };

for (const format of ['pdf', 'docx'] as const) {
  for (const [name, answer] of Object.entries(answers)) {
    const options = { format, question: 'How tall is the Eiffel Tower?', result: benchResult(answer) };
    await renderReport(options);
    const times: number[] = [];
    let bytes = 0;
    for (let round = 0; round < 5; round += 1) {
      const started = performance.now();
      bytes = (await renderReport(options)).body.length;
      times.push(performance.now() - started);
    }
    console.log(`${format} ${name}: median ${median(times).toFixed(0)} ms, ${(bytes / 1024).toFixed(0)} KiB`);
  }
}
