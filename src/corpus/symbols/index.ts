export type { ExtractedDefinition, ExtractedReference } from './extracted.js';
