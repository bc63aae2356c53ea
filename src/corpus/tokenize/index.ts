export { splitIdentifier } from './split-identifier.js';
export { pathTokens, tokenize } from './tokenize.js';
