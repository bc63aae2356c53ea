export { InputError } from '../errors.js';
export { MIN_QUOTE_WORDS } from './constants.js';
export { quoteOccursIn } from './evidence/citations.js';
export type { AskInput } from './input/ask-input.js';
export { checkInputAnswer } from './input/check-answer.js';
export { research } from './on-demand.js';
export type { Capabilities } from './run/step-context.js';
export { buildCapabilities, buildLlm, type CapabilityHooks } from './setup/capabilities.js';
export { checkResearchSetup } from './setup/check-setup.js';
export { openResearchCorpora } from './setup/corpora-on-demand.js';
export { buildReader, buildSearchProviders, buildTools, type ToolConfig } from './setup/tools.js';
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
