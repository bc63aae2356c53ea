export { type VerifyOptions, verifyReferences } from './verify-references.js';
