export { type ReadFileRequest, readCorpusFile } from './read-file.js';
export { type ReadMapRequest, readRepositoryMap } from './repo-map.js';
export { type ResolveSymbolRequest, resolveCorpusSymbol } from './resolve-symbol.js';
export { type VerifyFileQuoteRequest, verifyCorpusQuote } from './verify-quote.js';
