export {
  buildCapabilities,
  buildLlm,
  buildReader,
  buildSearchProviders,
  buildTools,
  type Capabilities,
  type CapabilityHooks,
  type ToolConfig,
} from './capabilities.js';
export { checkResearchSetup } from './check-setup.js';
export { MIN_QUOTE_WORDS } from './constants.js';
export { openResearchCorpora } from './corpus-setup.js';
export { quoteOccursIn } from './evidence/citations.js';
export type { AskInput } from './input/ask-input.js';
export { checkInputAnswer } from './input/check-answer.js';
export { InputError } from './input/input-error.js';
export { research } from './run-research.js';
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
