export { MIN_QUOTE_WORDS } from './constants.js';
export { quoteOccursIn } from './evidence/citations.js';
export type { AskInput } from './input/ask-input.js';
export { checkInputAnswer } from './input/check-answer.js';
export { InputError } from './input/input-error.js';
export { research } from './on-demand.js';
export type { Capabilities } from './run/step-context.js';
export {
  buildCapabilities,
  buildLlm,
  buildReader,
  buildSearchProviders,
  buildTools,
  type CapabilityHooks,
  type ToolConfig,
} from './setup/capabilities.js';
export { checkResearchSetup } from './setup/check-setup.js';
export { openResearchCorpora } from './setup/corpus-setup.js';
export type { ResearchCorpus } from './sources/corpora.js';
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
export {
  checkClaimAgainstQuotes,
  SUPPORT_PROBLEM_KINDS,
  type SupportCheck,
  type SupportCheckOptions,
  type SupportProblem,
  type SupportProblemKind,
} from './support/index.js';
export { untrustedBlock } from './text/untrusted.js';
export type {
  CapabilityOverrides,
  ResearchOptions,
  ResearchRuntime,
  ResolvedResearchOptions,
  RunHooks,
} from './types.js';
