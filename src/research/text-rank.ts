/** Lower-cased word tokens of at least two characters, letters and digits of any script. */
export function tokenize(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]{2,}/gu) ?? [];
}

const BM25_K1 = 1.2;
const BM25_B = 0.75;

/**
 * BM25 scores of each document against the query terms. Small and dependency-free: enough to pick
 * the passages most related to the question and its open sub-questions.
 */
export function bm25Scores(query: string, documents: readonly string[]): number[] {
  const terms = [...new Set(tokenize(query))];
  if (terms.length === 0 || documents.length === 0) return documents.map(() => 0);
  const tokenized = documents.map(tokenize);
  const averageLength = tokenized.reduce((sum, tokens) => sum + tokens.length, 0) / tokenized.length || 1;
  const documentFrequency = new Map<string, number>();
  for (const tokens of tokenized) {
    for (const term of new Set(tokens)) {
      documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
    }
  }
  return tokenized.map((tokens) => {
    const counts = new Map<string, number>();
    for (const token of tokens) counts.set(token, (counts.get(token) ?? 0) + 1);
    let score = 0;
    for (const term of terms) {
      const frequency = counts.get(term) ?? 0;
      if (frequency === 0) continue;
      const containing = documentFrequency.get(term) ?? 0;
      const inverse = Math.log(1 + (tokenized.length - containing + 0.5) / (containing + 0.5));
      const lengthRatio = tokens.length / averageLength;
      score +=
        (inverse * frequency * (BM25_K1 + 1)) / (frequency + BM25_K1 * (1 - BM25_B + BM25_B * lengthRatio));
    }
    return score;
  });
}
