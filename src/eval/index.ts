export { decryptBrowseComp, encryptBrowseComp } from './datasets/browsecomp.js';
export { type LoadDatasetOptions, loadDataset } from './datasets/load-dataset.js';
export { type QuestionSelection, seededRandom, selectQuestions } from './datasets/select-questions.js';
export {
  LOCAL_DOCUMENTS_HOST,
  type LocalDocuments,
  openLocalDocuments,
} from './documents/local-documents.js';
export { fileNameFor, materializeDocuments } from './documents/materialize-documents.js';
export { runtimeForQuestion } from './documents/question-runtime.js';
export { DatasetError, type DatasetLocation } from './errors.js';
export { type PairedDifference, pairedBootstrap } from './report/bootstrap.js';
export {
  type Comparison,
  compareResults,
  comparisonMarkdown,
  type PairedQuestion,
  type SideFigures,
} from './report/compare.js';
export { createEvalFolders, type EvalFolders } from './report/eval-folders.js';
export { htmlReport } from './report/html-report.js';
export { type EvalSummary, type GroupFigures, type JudgeFigures, summarize } from './report/summary.js';
export { summaryMarkdown } from './report/summary-markdown.js';
export { type EvalJobOptions, type EvalJobOutcome, runEvalJob } from './run/eval-job.js';
export {
  type CitationFigures,
  citationFigures,
  isCorrect,
  type QuestionResult,
} from './run/question-result.js';
export { readResults } from './run/results-file.js';
export { type EvalPass, type RunEvalOptions, runEvaluation } from './run/run-eval.js';
export {
  type AnswerScores,
  exactMatch,
  scoreAnswer,
  type TokenScores,
  tokenF1,
} from './scoring/answer-metrics.js';
export { createJudge, type Judge, type JudgeOutcome } from './scoring/judge.js';
export { JUDGE_GRADES, type JudgeGrade, judgeVerdictSchema } from './scoring/judge-prompt.js';
export { normalizeAnswer } from './scoring/normalize-answer.js';
export { predictionFromAnswer } from './scoring/prediction-text.js';
export { readPredictions } from './scoring/read-predictions.js';
export { type PredictionScores, scorePredictions } from './scoring/score-predictions.js';
export {
  DATASET_FORMATS,
  type Dataset,
  type DatasetFormat,
  type EvalDocument,
  type EvalQuestion,
} from './types.js';
