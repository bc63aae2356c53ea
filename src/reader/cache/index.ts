export { createMemorySourceCache } from './memory-source-cache.js';
