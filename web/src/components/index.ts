export { AskForm } from './ask-form.js';
export { Dashboard } from './dashboard.js';
export { EvalPage } from './eval-page.js';
export { EvalsPage } from './evals-page.js';
export { RunHistory } from './run-history.js';
export { RunPage } from './run-page.js';
export { TokenGate } from './token-gate.js';
