/** Languages the phrase tables cover. */
export type Language = 'en' | 'de' | 'fr' | 'es' | 'it' | 'pt' | 'pl';

/**
 * Phrases as regular-expression sources (lower case, matched case-insensitively), grouped by language.
 * A phrase with no language (an agency's name, a symbol) is listed under `any`.
 */
export type PhraseTable = Partial<Record<Language | 'any', string[]>>;

/** Every phrase of one or more tables, in table order. */
export function phrasesOf(...tables: PhraseTable[]): string[] {
  return tables.flatMap((table) => Object.values(table).flat());
}
