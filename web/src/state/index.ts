export {
  type AskFormAction,
  type AskFormState,
  type AskTextField,
  askFormReducer,
  canStart,
  initialAskForm,
  type RunOptionsForm,
} from './ask-form.js';
export { describeCall } from './call-words.js';
export { CHART_NODES, type ChartNodeId, type ChartState, settleChart } from './chart.js';
export { type ClaimCheck, claimCheckOf } from './claim-check.js';
export { locateSentences } from './claim-marks.js';
export { type ConflictNote, conflictNotes } from './conflicts.js';
export { binLabel, histogram, outcomesByStatus } from './eval-charts.js';
export type { EvaluationAttempt, EvaluationState } from './evaluation.js';
export { hostOf } from './links.js';
export { type ModelRow, reportModelRows, runModelRows } from './model-rows.js';
export { type PlanState, perspectiveName, planProgress } from './plan.js';
export { referenceCheckRows, type StateLabel } from './reference-checks.js';
export { costOf, elapsedOf, foldEvents, initialRunViewState, progressOf, type RunViewState } from './run.js';
export {
  credibilityLevel,
  entryCredibility,
  groupSources,
  type SourceEntry,
  type SourcesState,
} from './sources.js';
export { type TimelineCall, type TimelineEntry, timelineGroups } from './timeline.js';
