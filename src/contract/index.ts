/**
 * The shared vocabulary: events, usage, references, statuses, results, API shapes, presets and
 * provider ids. Every module and the web UI import it; it imports nothing of ours.
 */
export type {
  CorpusInfo,
  CorpusList,
  FigureSummary,
  MetricsReport,
  RunCreated,
  RunDetail,
  RunList,
  RunOptionsInput,
  RunSummary,
  ServerSettings,
} from './api.js';
export { describeSupport, emptyClaims, supportRate } from './claims.js';
export {
  DATASET_FORMATS,
  type DatasetFormat,
  type EvalDetail,
  type EvalList,
  type EvalListItem,
  type EvalQuestionRow,
  type EvalSummary,
  type GroupFigures,
  type JudgeFigures,
} from './evals.js';
export {
  EVENT_TYPES,
  type EventBase,
  type ResearchEvent,
  type ResearchEventOf,
  type ResearchEventPayload,
  type ResearchEventType,
  type RunSource,
  type ToolName,
} from './events.js';
export {
  completeMetrics,
  emptyFigures,
  emptyMetrics,
  foldRunEvent,
  foldRunEvents,
  type RoleMetrics,
  type RunFigures,
  type RunMetrics,
  type ToolMetrics,
  totalDurationMs,
} from './metrics.js';
export { DEPTH_PRESETS, type DepthBudget, type DepthPreset, REASONING_EFFORT_PRESETS } from './presets.js';
export {
  MODEL_PROVIDER_IDS,
  type ModelProviderId,
  SEARCH_PROVIDER_IDS,
  type SearchProviderId,
} from './providers.js';
export type {
  ActionKind,
  AnswerEvaluation,
  ClaimsSummary,
  ClaimVerdict,
  EvaluationCheck,
  EvaluationScores,
  Finding,
  FindingQuote,
  KnowledgeItem,
  ModelRole,
  Perspective,
  QuoteLocation,
  Reference,
  ResearchResult,
  ResultStatus,
  StopReason,
  SubQuestion,
  SubQuestionIntent,
  SubQuestionOrigin,
  SubQuestionOutcome,
} from './research.js';
export { fileCitationLabel } from './research.js';
export { FINAL_RUN_STATUSES, isFinalRunStatus, isLive, RUN_STATUSES, type RunStatus } from './runs.js';
export { addCost, addUsage, emptyUsage, type Usage } from './usage.js';
