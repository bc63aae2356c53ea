export {
  type ExtractedDefinition,
  type ExtractedReference,
  type ExtractedSymbols,
  extractSymbols,
} from './extract-symbols.js';
export { grammarFor, type LoadedGrammar } from './parser.js';
