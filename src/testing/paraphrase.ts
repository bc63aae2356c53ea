/**
 * Rewrites the cooperative writer applies to a sentence so it does not copy its quote verbatim:
 * figures written another way (thousands separators, unit symbols), and words swapped for
 * synonyms. Each keeps the sentence's figures, dates and names, as a careful writer would.
 */
const REWRITES: readonly (readonly [RegExp, string])[] = [
  [/(\d),(\d{3})\b/g, '$1$2'],
  [/(\d) metres\b/g, '$1 m'],
  [/(\d) kilometres\b/g, '$1 km'],
  [/(\d) per ?cent\b/g, '$1%'],
  [/\bwas completed\b/g, 'was finished'],
  [/\bbegan\b/g, 'started'],
  [/\btallest\b/g, 'highest'],
  [/\bweighs about\b/g, 'has a weight of roughly'],
  [/\bmany\b/g, 'numerous'],
  [/\bevery year\b/g, 'each year'],
];

/** Words a sentence needs before the writer puts a lead-in in front of it. */
const MIN_WORDS_FOR_LEAD_IN = 8;

/** First words a lead-in may lower-case: never a name. */
const COMMON_OPENERS = /^(The|A|An|It|Its|This|These|In|At|On)\b/;

/**
 * The sentence in other words: every rewrite that applies, or, when none does, an attribution on
 * a sentence of at least MIN_WORDS_FOR_LEAD_IN words: in front ("According to its source, the
 * tower…") when its first word is a common one, else behind ("Our HTTP client retries twice,
 * according to its source"), since a first word that may be a name keeps its capital and reads
 * wrong after a comma. Figures, dates and names stay as stated.
 */
export function paraphrase(sentence: string): string {
  let text = sentence;
  for (const [pattern, replacement] of REWRITES) text = text.replace(pattern, replacement);
  // An attribution would add more words than a short sentence has of its own: it stays as it is.
  if (text !== sentence || sentence.split(/\s+/).length < MIN_WORDS_FOR_LEAD_IN) return text;
  if (!COMMON_OPENERS.test(text)) return `${text}, according to its source`;
  return `According to its source, ${text[0]?.toLowerCase() ?? ''}${text.slice(1)}`;
}
