import { plural } from '../../shared/index.js';
import { MAP_TOKENS } from '../constants.js';
import type { ReadMapAction } from '../prompts/corpus-actions.js';
import type { StepContext } from '../run/step-context.js';
import type { StepOutcome } from '../run/step-outcome.js';
import { runToolCall } from '../run/tool-call.js';
import { addCorpusResult, corpusProgress } from '../sources/corpus-progress.js';
import { corporaOf, fileLine, mapLines, repeatedCall } from './corpus-common.js';

/**
 * Reads the repository map of every corpus (or of a folder): the files the rest of the code
 * refers to most, with their main symbols, within a token budget shared by the corpora.
 */
export async function readMapStep(context: StepContext, action: ReadMapAction): Promise<StepOutcome> {
  const available = corporaOf(context, 'read_map');
  if ('outcome' in available) return available.outcome;
  const { corpora } = available;
  const { run } = context;
  const path = action.path?.trim().replace(/^\.?\/+|\/+$/g, '') ?? '';
  const progress = corpusProgress(run.sources);
  if (progress.maps.has(path)) return repeatedCall(context, `read_map ${path || '(whole corpus)'}`);
  progress.maps.add(path);
  const budget = Math.max(200, Math.floor(MAP_TOKENS / corpora.length));
  const outcomes = await Promise.all(
    corpora.map((item) =>
      runToolCall(context, {
        tool: 'read_map',
        input: { ...(path ? { path } : {}), corpus: item.id },
        run: async () => {
          const map = item.corpus.readMap({ ...(path ? { path } : {}), tokenBudget: budget });
          const lines = mapLines(map);
          return {
            value: { corpus: item.id, lines, files: map.files.length },
            summary: `${plural(map.files.length, 'file')}, ${plural(map.tokens, 'token')}`,
            output: { files: map.files.map((file) => file.path) },
          };
        },
      }),
    ),
  );
  const maps = outcomes.flatMap((outcome) => (outcome.ok ? [outcome.value] : []));
  for (const map of maps) {
    addCorpusResult(
      run.sources,
      [
        `read_map ${corpora.length > 1 ? `${map.corpus}:` : ''}${fileLine(path) || '(whole corpus)'}: ${map.files} files`,
        ...map.lines,
      ].join('\n'),
    );
  }
  context.emit({
    type: 'observation',
    text: `Read the map of ${maps.map((map) => `${map.corpus} (${map.files} files)`).join(', ') || 'no corpus'}.`,
  });
  if (maps.length === 0)
    return { failed: true, researched: true, note: 'read_map failed; use search_corpus instead.' };
  return { researched: true };
}
