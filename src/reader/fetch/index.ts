export { checkUrl } from './check-url.js';
export type { LookupFunction } from './resolve-host.js';
export { type FetchedResource, safeFetch } from './safe-fetch.js';
export type { FetchFunction } from './transport.js';
