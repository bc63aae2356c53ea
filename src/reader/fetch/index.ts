export { type BlockedAddress, classifyAddress, isBlockedAddress } from './address/index.js';
export { type CheckedUrl, type CheckUrlOptions, checkUrl } from './check-url.js';
export type { LookupFunction, ResolvedAddress } from './resolve-host.js';
export { type FetchedResource, type SafeFetchOptions, safeFetch } from './safe-fetch.js';
export type { FetchFunction } from './transport.js';
