import { type CorpusProgress, folderOf } from '../sources/corpus-progress.js';
import { inlineWebText } from '../text/untrusted.js';

/** Coverage for the planner: files and folders read, symbols resolved; and a nudge due at `step`. */
export function coverageLines(progress: CorpusProgress, step: number): string[] {
  const lines: string[] = [];
  if (progress.files.length > 0) {
    const folders = [
      ...new Set(progress.files.map((path) => inlineWebText(folderOf(path), 120) || '(root)')),
    ];
    const symbols = [...new Set([...progress.resolved].map((key) => key.split('|')[0] ?? ''))].filter(
      Boolean,
    );
    lines.push(
      `Coverage: ${progress.files.length} file${progress.files.length === 1 ? '' : 's'} in ${folders.length} folder${folders.length === 1 ? '' : 's'} (${folders.slice(0, 8).join(', ')})${
        symbols.length > 0
          ? `; symbols resolved: ${symbols
              .slice(0, 10)
              .map((name) => inlineWebText(name, 60))
              .join(', ')}`
          : ''
      }.`,
    );
  }
  if (progress.hint && progress.hint.step === step) lines.push(`Hint: ${inlineWebText(progress.hint.text)}`);
  return lines;
}
