import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { fieldOfKey, showValue } from '../../config/index.js';
import { ConfigError } from '../../errors.js';

/** What makes two passes the same evaluation: dataset, questions, judge and research options. */
export interface EvalSetup {
  /** Absolute path of the dataset file. */
  dataset: string;
  format: string;
  /** Ids of the questions chosen by --ids, --sample and --limit, in dataset order. */
  questionIds: readonly string[];
  judgeModel: string | undefined;
  /** The research options as `eval.json` stores them (never the API key). */
  options: Record<string, unknown>;
}

/**
 * Options that say where a service runs, not what the research does: a resumed evaluation may
 * reach the same model or search at another address (a restarted local server).
 */
const ADDRESS_KEYS = new Set(['apiKey', 'baseURL', 'embedBaseURL', 'searxngUrl', 'allowHosts']);

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

function optionDifferences(earlier: Record<string, unknown>, now: Record<string, unknown>): string[] {
  const keys = [...new Set([...Object.keys(earlier), ...Object.keys(now)])].filter(
    (key) => !ADDRESS_KEYS.has(key),
  );
  return keys
    .filter((key) => !same(earlier[key], now[key]))
    .map((key) => {
      const field = fieldOfKey(key);
      const name = field ? `--${field.flag}` : `"${key}"`;
      return `${name} (${showValue(earlier[key])} then, ${showValue(now[key])} now)`;
    });
}

/** What differs between the setup stored in `eval.json` and this pass's, in words; empty when nothing. */
export function setupDifferences(earlier: Partial<EvalSetup>, now: EvalSetup): string[] {
  const differences: string[] = [];
  if (earlier.dataset !== undefined && earlier.dataset !== now.dataset) {
    const names = [basename(earlier.dataset), basename(now.dataset)];
    const shown = names[0] === names[1] ? [earlier.dataset, now.dataset] : names;
    differences.push(`the dataset (${shown[0]} then, ${shown[1]} now)`);
  } else if (earlier.format !== undefined && earlier.format !== now.format) {
    differences.push(`--format (${earlier.format} then, ${now.format} now)`);
  }
  if (earlier.questionIds !== undefined && !same(earlier.questionIds, now.questionIds)) {
    differences.push(
      `the questions chosen by --ids, --sample, --seed or --limit (${earlier.questionIds.length} then, ${now.questionIds.length} now${now.questionIds.length === earlier.questionIds.length ? ', other ones' : ''})`,
    );
  }
  if (!same(earlier.judgeModel, now.judgeModel)) {
    differences.push(
      `--judge-model (${showValue(earlier.judgeModel)} then, ${showValue(now.judgeModel)} now)`,
    );
  }
  if (earlier.options) differences.push(...optionDifferences(earlier.options, now.options));
  return differences;
}

/**
 * Refuses to resume in `outDir` when its `eval.json` describes another evaluation (dataset,
 * questions, judge or options), naming what differs, so two evaluations never mix in one
 * `results.jsonl`. A folder without a readable `eval.json` has nothing to compare.
 */
export async function checkResume(outDir: string, now: EvalSetup): Promise<void> {
  let text: string;
  try {
    text = await readFile(join(outDir, 'eval.json'), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  let earlier: Partial<EvalSetup>;
  try {
    earlier = JSON.parse(text) as Partial<EvalSetup>;
  } catch {
    // An eval.json cut short by a kill: the results are all there is to go on, and it is rewritten.
    return;
  }
  const differences = setupDifferences(earlier, now);
  if (differences.length === 0) return;
  throw new ConfigError(
    `--resume: ${outDir} holds another evaluation; these differ: ${differences.join('; ')}. Resume with the same dataset and options, or choose another --out folder.`,
    { key: 'resume' },
  );
}
