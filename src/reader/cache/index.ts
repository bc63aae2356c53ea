export { createMemorySourceCache, type MemorySourceCacheOptions } from './memory-source-cache.js';
export { normalizeUrl } from './normalize-url.js';
