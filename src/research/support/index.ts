export { type Analysis, analyse, forgetAnalyses } from './analyse.js';
export { checkClaimAgainstQuotes } from './check-claim.js';
export { convertedValues } from './conversions.js';
export { quoteCoverage, sentenceCoverage } from './coverage.js';
export { dateFound, figureFound } from './match.js';
export { type Evidence, evidenceOf } from './quote-evidence.js';
export { type FigureStatement, figureStatements, statementsConflict } from './statements.js';
export { contentStem } from './stems.js';
export { DEFAULT_SUPPORT_TUNING, type SupportTuning } from './tuning.js';
export {
  SUPPORT_PROBLEM_KINDS,
  type SupportCheck,
  type SupportCheckOptions,
  type SupportProblem,
  type SupportProblemKind,
} from './types.js';
export { warmUpSupportCheck } from './warm-up.js';
