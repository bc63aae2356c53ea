/**
 * The baseline of the code benchmark: plain BM25 (k1 1.2, b 0.75) over whole files, words lower-cased
 * and split on anything that is not a letter, digit or underscore, English stop words removed, no
 * stemming, no identifier splitting — what a generic full-text index does with source code.
 */
const STOP = new Set(
  'a an and are as at be but by for if in into is it no not of on or such that the their then there these they this to was will with'.split(
    ' ',
  ),
);

const words = (text: string) =>
  (text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? []).filter((word) => !STOP.has(word));

export function plainBm25(documents: ReadonlyArray<{ id: string; text: string }>) {
  const k1 = 1.2;
  const b = 0.75;
  const frequencies = documents.map((document) => {
    const counts = new Map<string, number>();
    const tokens = words(document.text);
    for (const token of tokens) counts.set(token, (counts.get(token) ?? 0) + 1);
    return { id: document.id, counts, length: tokens.length };
  });
  const average =
    frequencies.reduce((sum, document) => sum + document.length, 0) / Math.max(1, frequencies.length);
  const documentFrequency = new Map<string, number>();
  for (const document of frequencies) {
    for (const token of document.counts.keys())
      documentFrequency.set(token, (documentFrequency.get(token) ?? 0) + 1);
  }
  const count = frequencies.length;
  return (query: string): string[] => {
    const terms = words(query);
    return frequencies
      .map((document) => {
        let score = 0;
        for (const term of terms) {
          const tf = document.counts.get(term) ?? 0;
          if (tf === 0) continue;
          const df = documentFrequency.get(term) ?? 0;
          const idf = Math.log(1 + (count - df + 0.5) / (df + 0.5));
          score += (idf * tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * document.length) / average));
        }
        return { id: document.id, score };
      })
      .filter((entry) => entry.score > 0)
      .sort((a, b) => b.score - a.score)
      .map((entry) => entry.id);
  };
}
