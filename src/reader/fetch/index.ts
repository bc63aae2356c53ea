export { checkUrl } from './check-url.js';
export type { ExchangeHook, RecordedExchange } from './exchange.js';
export type { LookupFunction } from './resolve-host.js';
export { type FetchedResource, type SafeFetchOptions, safeFetch } from './safe-fetch.js';
export type { FetchFunction } from './transport.js';
