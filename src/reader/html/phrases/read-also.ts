import type { PhraseTable } from './types.js';

/**
 * How a link to another article is introduced inside the text: "Read also: <a>…</a>", "À lire aussi",
 * "Lesen Sie hier …".
 */
export const readAlsoLabels: PhraseTable = {
  en: ['read (also|more|next)', 'also read', 'see also', 'related'],
  fr: ['(à |a )?lire aussi'],
  de: ['lesen sie (auch|mehr|hier)', 'auch lesen', 'mehr zum thema', 'auch interessant'],
  es: ['le puede interesar', 'lea también', 'lee también', 'puedes ver', 'mira también'],
  pt: ['leia também', 'veja também'],
  it: ['leggi anche'],
  pl: ['czytaj (też|także|również)', 'zobacz (też|także|również)'],
};

/** Bare words that label a teaser only when a colon follows ("Mira: …"). */
export const readAlsoColonLabels: PhraseTable = { es: ['mira', 'mire'] };
