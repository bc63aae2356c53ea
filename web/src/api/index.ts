export { type ApiClient, ApiError, createApiClient } from './client.js';
export { followRun, type StreamConnection } from './event-stream.js';
export { loadToken, saveToken } from './token.js';
