export { createMemorySourceCache, type MemorySourceCacheOptions } from './memory-source-cache.js';
