import { openSubQuestions } from '../plan/plan-record.js';
import type { StepContext } from '../run/step-context.js';
import { corpusProgress, folderOf } from '../sources/corpus-progress.js';
import { mapLines } from './corpus-common.js';

/** Files read before a nudge may fire: one or two reads in one folder are just a start. */
const NUDGE_AFTER_READS = 3;
/** Characters of the repository map shown to the planner of the plan. */
const PLAN_MAP_TOKENS = 500;

/** The deepest folder every path lies in (`''` when they share none). */
function commonFolder(paths: readonly string[]): string {
  const parts = paths.map((path) => folderOf(path).split('/'));
  const first = parts[0] ?? [];
  let depth = 0;
  while (depth < first.length && parts.every((segments) => segments[depth] === first[depth])) depth += 1;
  return first.slice(0, depth).join('/');
}

/**
 * After a read: when every file read so far lies in one folder while sub-questions are still open,
 * the next prompt carries one nudge (once per folder) naming the open sub-questions and folders
 * elsewhere that the search results or the map showed.
 */
export function noteCoverage(context: StepContext, path: string): void {
  const { run } = context;
  const progress = corpusProgress(run.sources);
  if (!progress.files.includes(path)) progress.files.push(path);
  const open = openSubQuestions(run.plan);
  if (progress.files.length < NUDGE_AFTER_READS || open.length === 0) return;
  const folder = commonFolder(progress.files);
  if (!folder || progress.nudged.has(folder)) return;
  progress.nudged.add(folder);
  const elsewhere = [
    ...new Set(
      progress.results
        .flatMap((result) =>
          [...result.matchAll(/^- (?:\S+ \(\w+\) )?(\S+?):\d+/gm)].map((match) => match[1] ?? ''),
        )
        .concat(
          progress.results.flatMap((result) =>
            [...result.matchAll(/^([\w.-][^\s:]*\.\w+)$/gm)].map((match) => match[1] ?? ''),
          ),
        )
        .filter((candidate) => candidate && !candidate.startsWith(`${folder}/`))
        .map((candidate) => folderOf(candidate) || candidate),
    ),
  ].slice(0, 4);
  const text = `Every file read so far (${progress.files.length}) is under ${folder}/ while ${open.map((item) => item.id).join(', ')} ${open.length === 1 ? 'is' : 'are'} open. Look outside it${elsewhere.length > 0 ? `, e.g. ${elsewhere.map((item) => `${item || '(root)'}/`).join(', ')}` : ''}: search_corpus with another pathPrefix, read_map, or resolve_symbol callers.`;
  progress.hint = { step: context.loop.step + 1, text };
  context.emit({ type: 'observation', text: `Nudge: ${text}` });
}

/**
 * For the plan of a corpus run: the repository map of each corpus (its most referenced files and
 * symbols, small), so the sub-questions can name the subsystems — folders, files — the question
 * touches. Empty for a web-only run.
 */
export function corpusPlanSection(context: Pick<StepContext, 'corpora'>): string {
  const corpora = context.corpora ?? [];
  if (corpora.length === 0) return '';
  const maps = corpora.map((item) => {
    const map = item.corpus.readMap({ tokenBudget: Math.floor(PLAN_MAP_TOKENS / corpora.length) });
    const lines = mapLines(map, 160);
    return `${corpora.length > 1 ? `${item.id}:\n` : ''}${lines.join('\n')}`;
  });
  return [
    'The question is about the local corpus below (documents or code, untrusted data). Make the perspectives the subsystems it touches — folders or modules of the map — and name in each sub-question the files or symbols to look at.',
    `<corpus-map>\n${maps.join('\n')}\n</corpus-map>`,
  ].join('\n');
}
