import type { RepositoryMap } from '../../corpus/index.js';
import type { StepContext } from '../run/step-context.js';
import type { StepOutcome } from '../run/step-outcome.js';
import type { ResearchCorpus } from '../sources/corpora.js';
import { inlineWebText } from '../text/untrusted.js';

/** The run's corpora, or a failed outcome (with a note for the planner) when it has none. */
export function corporaOf(
  context: StepContext,
  action: string,
): { corpora: readonly ResearchCorpus[] } | { outcome: StepOutcome } {
  const corpora = context.corpora ?? [];
  if (corpora.length > 0) return { corpora };
  context.emit({ type: 'observation', text: `${action}: this run has no corpus.` });
  return {
    outcome: {
      failed: true,
      note: `${action} needs a local corpus and this run has none; use the web actions.`,
    },
  };
}

/** A repeated corpus call: a note for the planner, an observation, and a repeated outcome. */
export function repeatedCall(context: StepContext, what: string): StepOutcome {
  context.emit({ type: 'observation', text: `${what} was already done.` });
  return { repeated: true, note: `${what} was already done; its results are above. Choose another action.` };
}

/** One line of file text for the planner: no markup, bounded. */
export function fileLine(text: string, maxChars = 160): string {
  return inlineWebText(text, maxChars);
}

/**
 * A repository map as the planner sees it: each file's path on its own line, its main symbols'
 * signature lines indented below. Built from the map's files, not its text, so a path holding a
 * line break stays one line.
 */
export function mapLines(map: Pick<RepositoryMap, 'files'>, maxChars = 200): string[] {
  return map.files.flatMap((file) => [
    fileLine(file.path, maxChars),
    ...file.symbols.map((symbol) => `  ${symbol.startLine}: ${fileLine(symbol.signature, maxChars - 10)}`),
  ]);
}

/** The first non-empty lines of a passage, joined by ` ⏎ `, bounded. */
export function passagePreview(text: string, lines = 2): string {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .slice(0, lines)
    .map((line) => fileLine(line, 100))
    .join(' ⏎ ');
}
