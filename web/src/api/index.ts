export type {
  EvalDetail,
  EvalListItem,
  MetricsReport,
  RunDetail,
  RunList,
  RunOptionsInput,
  RunSummary,
} from '../events.js';
export { type ApiClient, ApiError, createApiClient } from './client.js';
export { type EventSourceLike, followRun, type StreamConnection } from './event-stream.js';
export { loadToken, saveToken } from './token.js';
