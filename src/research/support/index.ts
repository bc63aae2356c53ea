export { type Analysis, analyse } from './analyse.js';
export { checkClaimAgainstQuotes } from './check-claim.js';
export { quoteCoverage } from './coverage.js';
export { dateFound, figureFound } from './match.js';
export { type Evidence, evidenceOf } from './quote-evidence.js';
export { contentStem } from './stems.js';
export {
  SUPPORT_PROBLEM_KINDS,
  type SupportCheck,
  type SupportCheckOptions,
  type SupportProblem,
  type SupportProblemKind,
} from './types.js';
