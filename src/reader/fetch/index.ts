export {
  type BlockedAddress,
  classifyAddress,
  classifyHostName,
  isBlockedAddress,
  isIpAddress,
  parseIpv4,
  parseIpv6,
} from './address/index.js';
export { type CheckedUrl, type CheckUrlOptions, checkUrl, isAllowedHost } from './check-url.js';
export {
  type LookupFunction,
  type ResolvedAddress,
  resolveCheckedUrl,
  systemLookup,
} from './resolve-host.js';
export { type FetchedResource, type SafeFetchOptions, safeFetch } from './safe-fetch.js';
export type { FetchFunction } from './transport.js';
