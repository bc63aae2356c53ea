/** BM25 parameters as Anserini uses them for short passages. */
const K1 = 0.9;
const B = 0.4;

/** Lower-cased letter/number runs: the terms of a text. */
export function terms(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** A BM25 index over a handful of documents, built in memory. */
export interface Bm25Index {
  /** Document positions with a positive score for the query, best first. */
  search(query: string, limit: number): { position: number; score: number }[];
}

export function createBm25Index(texts: readonly string[]): Bm25Index {
  const documents = texts.map((text) => {
    const counts = new Map<string, number>();
    const list = terms(text);
    for (const term of list) counts.set(term, (counts.get(term) ?? 0) + 1);
    return { counts, length: list.length };
  });
  const averageLength =
    documents.reduce((sum, document) => sum + document.length, 0) / Math.max(1, documents.length);
  const documentFrequency = new Map<string, number>();
  for (const document of documents) {
    for (const term of document.counts.keys())
      documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  }
  const inverse = (term: string) => {
    const frequency = documentFrequency.get(term) ?? 0;
    return Math.log(1 + (documents.length - frequency + 0.5) / (frequency + 0.5));
  };
  return {
    search(query, limit) {
      const queryTerms = [...new Set(terms(query))];
      return documents
        .map((document, position) => {
          let score = 0;
          for (const term of queryTerms) {
            const frequency = document.counts.get(term) ?? 0;
            if (frequency === 0) continue;
            const norm = K1 * (1 - B + (B * document.length) / (averageLength || 1));
            score += (inverse(term) * frequency * (K1 + 1)) / (frequency + norm);
          }
          return { position, score };
        })
        .filter((hit) => hit.score > 0)
        .sort((a, b) => b.score - a.score || a.position - b.position)
        .slice(0, limit);
    },
  };
}
