import type { PhraseTable } from './types.js';

/** The word before an author's name at the start of a byline: "By Jane Roe", "Von Max Muster". */
export const bylineWords: PhraseTable = {
  en: ['by'],
  de: ['von'],
  fr: ['par'],
  es: ['por'],
  it: ['di'],
  pt: ['por'],
  any: ['door', 'av'],
};
