/**
 * The shared vocabulary: events, usage, references, statuses, results, API shapes, presets and
 * provider ids. Every module and the web UI import it; it imports nothing of ours.
 */

export { ACTION_KINDS, type ActionKind, RESEARCH_STRATEGIES, type ResearchStrategy } from './actions.js';
export { engineSections, OUTSIDE_WINDOW_HEADING } from './answer-sections.js';
export {
  type CorpusInfo,
  type CorpusList,
  type FigureSummary,
  MAX_QUESTION_CHARS,
  type MetricsReport,
  REPORT_FORMATS,
  type ReportFormat,
  type RunCreated,
  type RunDetail,
  type RunList,
  type RunOptionsInput,
  type RunSummary,
  type ServerSettings,
} from './api.js';
export {
  ARCHIVE_MODES,
  ARCHIVED_QUOTE_STATES,
  type ArchiveDropReason,
  type ArchivedQuoteState,
  type ArchiveMode,
  type ArchiveSummary,
  LIVE_QUOTE_STATES,
  type LiveQuoteState,
  type ReferenceCheck,
  type ReferenceSnapshot,
  type VerifyReport,
} from './archive.js';
export {
  type ClaimsSummary,
  type ClaimVerdict,
  checkedClaims,
  describeSupport,
  describeUnchecked,
  emptyClaims,
  supportRate,
} from './claims.js';
export {
  CONFLICTS_HEADING,
  type ConflictValue,
  conflictCitations,
  conflictsMarkdown,
  conflictsSection,
  describeConflict,
  hasConflictsSection,
  type SourceConflict,
} from './conflicts.js';
export type { CorpusHitSummary } from './corpus-hits.js';
export {
  type QueryIntent,
  SOURCE_INTENTS,
  SOURCE_KINDS,
  type SourceCredibility,
  type SourceIntent,
  type SourceKind,
} from './credibility.js';
export type { ResearchResult, ResultStatus, RunEnding, StopReason } from './ending.js';
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
export type { AnswerEvaluation, EvaluationCheck, EvaluationScores, StepAnalysisNote } from './evaluation.js';
export {
  EVENT_TYPES,
  type EventBase,
  type ResearchEvent,
  type ResearchEventOf,
  type ResearchEventPayload,
  type ResearchEventType,
  type RunSource,
  TOOL_NAMES,
  type ToolName,
} from './events.js';
export { summarizeFigures } from './figures.js';
export type { Finding, FindingComputation, FindingQuote, KnowledgeItem, QuoteLocation } from './findings.js';
export { FOLLOW_UPS_HEADING, followUpsMarkdown } from './follow-ups.js';
export type { RunImage, SourceImage } from './images.js';
export {
  INPUT_KINDS,
  type InputAnswer,
  type InputKind,
  type InputRequest,
  MAX_CLARIFY_QUESTION_CHARS,
  MAX_CLARIFY_QUESTIONS,
  MAX_INPUT_ANSWER_CHARS,
  MAX_REVIEWED_SUB_QUESTIONS,
  MAX_SUB_QUESTION_CHARS,
  type PlanDraft,
  type PlanEdit,
  type PlanItem,
} from './input.js';
export { SUB_QUESTION_INTENTS, type SubQuestionIntent } from './intents.js';
export {
  isMemorable,
  MEMORY_CANDIDATES,
  type MemoryInput,
  type MemoryUse,
  memoryOfRun,
  type RememberedFinding,
  type RememberedSource,
  type RunMemory,
} from './memory.js';
export {
  completeMetrics,
  emptyFigures,
  emptyMetrics,
  foldRunEvent,
  foldRunEvents,
  type ModelMetrics,
  type RoleMetrics,
  type RunFigures,
  type RunMetrics,
  type ToolMetrics,
  totalDurationMs,
} from './metrics.js';
export { MODEL_ROLES, type ModelRole } from './model-roles.js';
export type { Perspective, SubQuestion, SubQuestionOrigin, SubQuestionOutcome } from './plan.js';
export { DEPTH_PRESETS, type DepthBudget, type DepthPreset, REASONING_EFFORT_PRESETS } from './presets.js';
export {
  MODEL_PROVIDER_IDS,
  type ModelProviderId,
  SEARCH_PROVIDER_IDS,
  type SearchProviderId,
} from './providers.js';
export { quoteOf, referenceListMarkdown, referenceMark } from './reference-list.js';
export {
  computationCitationLabel,
  fileCitationLabel,
  type Reference,
  referenceMarkdownLabel,
} from './references.js';
export { FINAL_RUN_STATUSES, isFinalRunStatus, isLive, RUN_STATUSES, type RunStatus } from './runs.js';
export { STATUS_WORDS, statusWithStop, stopRestatesStatus } from './status-words.js';
export { describeStop } from './stop-reasons.js';
export {
  hasUnverifiedSection,
  UNVERIFIED_HEADING,
  unverifiedSection,
  withUnverifiedSection,
} from './unverified.js';
export { addCost, addUsage, emptyUsage, type Usage } from './usage.js';
