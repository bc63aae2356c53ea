export { checkResearchSetup } from './check-setup.js';
export { quoteOccursIn } from './citations.js';
export type {
  EvaluationCheck,
  EventBase,
  ResearchEvent,
  ResearchEventOf,
  ResearchEventPayload,
  ResearchEventType,
  ToolName,
} from './events.js';
export { research } from './run-research.js';
export {
  answerAttempts,
  consecutiveFailures,
  firstStop,
  maxSteps,
  repeatedActions,
  type StopCondition,
  type StopSnapshot,
  timeBudget,
  tokenBudget,
} from './stop-conditions.js';
export { type ResearchStream, streamResearch } from './stream.js';
export type {
  ActionKind,
  KnowledgeItem,
  Reference,
  ResearchOptions,
  ResearchResult,
  ResearchRuntime,
  ResolvedResearchOptions,
  RunStatus,
  StopReason,
  SubQuestion,
  SubQuestionIntent,
  Usage,
} from './types.js';
