export type { EvalDetail, EvalListItem, MetricsReport, RunDetail, RunSummary } from '../events.js';
export { type ApiClient, ApiError, createApiClient } from './client.js';
export { followRun, type StreamConnection } from './event-stream.js';
export { loadToken, saveToken } from './token.js';
