export { splitIdentifier } from './split-identifier.js';
export { STOP_WORDS } from './stopwords.js';
export { fileNameParts, identifierKey, pathTokens, queryTokens, tokenize, words } from './tokenize.js';
