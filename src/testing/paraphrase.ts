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
 * The sentence in other words: every rewrite that applies, or, when none does, a lead-in
 * ("According to its source, the tower…") on a sentence of at least MIN_WORDS_FOR_LEAD_IN words.
 * Figures, dates and names stay as stated.
 */
export function paraphrase(sentence: string): string {
  let text = sentence;
  for (const [pattern, replacement] of REWRITES) text = text.replace(pattern, replacement);
  // A lead-in would add more words than a short sentence has of its own: it stays as it is.
  if (text !== sentence || sentence.split(/\s+/).length < MIN_WORDS_FOR_LEAD_IN) return text;
  const opener = COMMON_OPENERS.test(text) ? `${text[0]?.toLowerCase() ?? ''}${text.slice(1)}` : text;
  return `According to its source, ${opener}`;
}
