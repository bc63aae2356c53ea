import type { FieldRow } from '../field.js';
import type { EvalSettings } from '../settings.js';

const evalOption = (
  key: keyof EvalSettings,
  rest: Omit<FieldRow, 'key' | 'groups' | 'inFile'>,
): FieldRow => ({ key, groups: ['eval'], inFile: false, ...rest });

/** Options of `deepresearch eval` (and its score and compare), besides the research options: command line only. */
export const evalFields: readonly FieldRow[] = [
  evalOption('datasetFormat', {
    flag: 'format',
    kind: 'string',
    value: 'FORMAT',
    help: 'hotpotqa, hotpotqa-fullwiki, simpleqa, frames, browsecomp or jsonl (default: detected).',
  }),
  evalOption('evalLimit', {
    flag: 'limit',
    kind: 'integer',
    value: 'N',
    help: 'Only the first N questions.',
  }),
  evalOption('sample', {
    flag: 'sample',
    kind: 'integer',
    value: 'N',
    help: 'A random N questions, the same for the same --seed.',
  }),
  evalOption('seed', {
    flag: 'seed',
    kind: 'integer',
    value: 'S',
    help: 'Seed of --sample and of compare (default: 0).',
  }),
  evalOption('ids', {
    flag: 'ids',
    kind: 'list',
    value: 'A,B',
    help: 'Only these question ids (repeatable).',
  }),
  evalOption('evalConcurrency', {
    flag: 'concurrency',
    kind: 'integer',
    value: 'N',
    help: 'Questions researched at once.',
  }),
  evalOption('resume', {
    flag: 'resume',
    kind: 'boolean',
    help: 'Continue in --out: run only the questions without a result.',
  }),
  evalOption('judgeModel', {
    flag: 'judge-model',
    kind: 'string',
    value: 'ID',
    help: 'Grade answers correct / incorrect / not attempted with this model.',
  }),
  evalOption('dataset', { flag: 'dataset', kind: 'string', value: 'FILE', help: 'eval score: the dataset.' }),
  evalOption('predictions', {
    flag: 'predictions',
    kind: 'string',
    value: 'FILE',
    help: 'eval score: predictions, one JSON object per line.',
  }),
];
