export { type ExtractedDefinition, type ExtractedReference, extractSymbols } from './extract-symbols.js';
export { grammarFor } from './parser.js';
