export { loadDataset } from './datasets/load-dataset.js';
export { type QuestionSelection, selectQuestions } from './datasets/select-questions.js';

export {
  compareResults,
  comparisonMarkdown,
} from './report/compare.js';
export { createEvalFolders, type EvalFolders } from './report/eval-folders.js';

export { runEvalJob } from './run/eval-job.js';
export type { QuestionResult } from './run/question-result.js';
export { readResults } from './run/results-file.js';

export {
  exactMatch,
  tokenF1,
} from './scoring/answer-metrics.js';
export { createJudge } from './scoring/judge.js';

export { normalizeAnswer } from './scoring/normalize-answer.js';

export { readPredictions } from './scoring/read-predictions.js';
export { scorePredictions } from './scoring/score-predictions.js';
export {
  DATASET_FORMATS,
  type DatasetFormat,
} from './types.js';
