export { parseMarkdown } from './blocks.js';
export { parseInline } from './inline.js';
export type { BlockNode, InlineNode } from './types.js';
