export { checkClaimAgainstQuotes } from './check-claim.js';
export {
  SUPPORT_PROBLEM_KINDS,
  type SupportCheck,
  type SupportCheckOptions,
  type SupportProblem,
  type SupportProblemKind,
} from './types.js';
