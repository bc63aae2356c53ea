export { chunkCode } from './chunk-code.js';
export { chunkProse } from './chunk-prose.js';

export type { Chunk } from './types.js';
