import { describeError } from '../../errors.js';
import { MAX_READ_FILE_LINES, READ_FILE_LINES } from '../constants.js';
import type { ReadFileAction } from '../prompts/corpus-actions.js';
import type { StepContext } from '../run/step-context.js';
import type { StepOutcome } from '../run/step-outcome.js';
import { runSource, runToolCall } from '../run/tool-call.js';
import { displayPath, resolveCorpusPath } from '../sources/corpora.js';
import { fileSource } from '../sources/corpus-files.js';
import { addCorpusResult, corpusProgress } from '../sources/corpus-progress.js';
import { corporaOf, fileLine, repeatedCall } from './corpus-common.js';
import { noteCoverage } from './corpus-coverage.js';
import { extractFindings } from './extract.js';
import { absorbSource } from './read.js';

/**
 * Reads lines of a corpus file (from the index, re-indexed first when it changed on disk) as a
 * source whose hash is the file's, and extracts findings from them: their quotes are located to
 * file lines. Lines read before are a repeated action; a path outside the corpus or not in it is
 * a failed step whose note says so.
 */
export async function readFileStep(context: StepContext, action: ReadFileAction): Promise<StepOutcome> {
  const available = corporaOf(context, 'read_file');
  if ('outcome' in available) return available.outcome;
  const { corpora } = available;
  const { run } = context;
  let target: ReturnType<typeof resolveCorpusPath>;
  try {
    target = resolveCorpusPath(corpora, action.path);
  } catch (error) {
    const note = `read_file: ${describeError(error).message}`;
    context.emit({ type: 'observation', text: note });
    return { failed: true, note };
  }
  const startLine = action.startLine ?? 1;
  const endLine = Math.min(
    Math.max(startLine, action.endLine ?? startLine + READ_FILE_LINES - 1),
    startLine + MAX_READ_FILE_LINES - 1,
  );
  const shown = displayPath(corpora, target.corpus.id, target.path);
  const progress = corpusProgress(run.sources);
  if (progress.reads.has(`${shown}:${startLine}-${endLine}`)) {
    return repeatedCall(context, `read_file ${shown}:${startLine}-${endLine}`);
  }
  const outcome = await runToolCall(context, {
    tool: 'read_file',
    input: { path: target.path, startLine, endLine, corpus: target.corpus.id },
    run: async () => {
      const excerpt = await target.corpus.corpus.readFile({ path: target.path, startLine, endLine });
      const source = fileSource(target.corpus.id, excerpt);
      absorbSource(context, source);
      return {
        value: { source, excerpt },
        summary: `read lines ${excerpt.startLine}-${excerpt.endLine} of ${excerpt.totalLines}`,
        output: {
          url: source.url,
          title: source.title,
          path: excerpt.path,
          startLine: excerpt.startLine,
          endLine: excerpt.endLine,
          totalLines: excerpt.totalLines,
          corpus: target.corpus.id,
        },
        sources: [runSource(source)],
      };
    },
  });
  progress.reads.add(`${shown}:${startLine}-${endLine}`);
  if (!outcome.ok) {
    context.emit({ type: 'observation', text: `Could not read ${shown}.` });
    return { failed: true, researched: true, note: `read_file ${shown} failed: ${outcome.error.message}` };
  }
  const { excerpt, source } = outcome.value;
  const range = `${shown}:${excerpt.startLine}-${excerpt.endLine}`;
  progress.reads.add(range);
  addCorpusResult(
    run.sources,
    `read_file ${fileLine(range, 220)} (the file has ${excerpt.totalLines} lines${excerpt.endLine < excerpt.totalLines ? `; lines ${excerpt.endLine + 1}+ not read` : ''})`,
  );
  context.emit({ type: 'observation', text: `Read ${range}.` });
  noteCoverage(context, shown);
  await extractFindings(context, [source]);
  return { researched: true };
}
