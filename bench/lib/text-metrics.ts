/** Collapses whitespace runs to single spaces and trims, as the benchmarks' metrics do. */
export function normalizeWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Counts of a snippet-containment evaluation (trafilatura's `eval_common.py`). */
export interface SnippetCounts {
  truePositives: number;
  falseNegatives: number;
  falsePositives: number;
  trueNegatives: number;
}

export function emptySnippetCounts(): SnippetCounts {
  return { truePositives: 0, falseNegatives: 0, falsePositives: 0, trueNegatives: 0 };
}

/**
 * Adds one page: each `with` snippet found is a true positive, else a false negative; each
 * `without` snippet found is a false positive, else a true negative. Empty output misses everything.
 */
export function addSnippetCounts(
  counts: SnippetCounts,
  extracted: string | undefined,
  snippets: { with: string[]; without: string[] },
): void {
  const text = extracted === undefined ? '' : normalizeWhitespace(extracted);
  for (const snippet of snippets.with) {
    if (text !== '' && text.includes(normalizeWhitespace(snippet))) counts.truePositives++;
    else counts.falseNegatives++;
  }
  for (const snippet of snippets.without) {
    // A crash or empty output is a full miss: its `without` snippets count as false positives too.
    if (text === '' || text.includes(normalizeWhitespace(snippet))) counts.falsePositives++;
    else counts.trueNegatives++;
  }
}

/** Precision, recall, F1 = 2TP / (2TP + FP + FN) and accuracy of snippet counts. */
export function snippetScores(counts: SnippetCounts): {
  precision: number;
  recall: number;
  f1: number;
  accuracy: number;
} {
  const { truePositives: tp, falseNegatives: fn, falsePositives: fp, trueNegatives: tn } = counts;
  return {
    precision: tp / Math.max(tp + fp, 1),
    recall: tp / Math.max(tp + fn, 1),
    f1: (2 * tp) / Math.max(2 * tp + fp + fn, 1),
    accuracy: (tp + tn) / Math.max(tp + tn + fp + fn, 1),
  };
}

/** Lower-cased words of a text as a multiset: Python's Unicode `\w+` (letters, digits, underscore), as WCXB counts them. */
export function bagOfWords(text: string): Map<string, number> {
  const bag = new Map<string, number>();
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [])
    bag.set(word, (bag.get(word) ?? 0) + 1);
  return bag;
}

/** Bag-of-words precision, recall and F1 of a prediction against a reference (WCXB's metric). */
export function bagOfWordsScores(
  predicted: string,
  reference: string,
): { precision: number; recall: number; f1: number } {
  const predictedBag = bagOfWords(predicted);
  const referenceBag = bagOfWords(reference);
  let overlap = 0;
  let predictedSize = 0;
  let referenceSize = 0;
  for (const count of predictedBag.values()) predictedSize += count;
  for (const [word, count] of referenceBag) {
    referenceSize += count;
    overlap += Math.min(count, predictedBag.get(word) ?? 0);
  }
  const precision = predictedSize === 0 ? 0 : overlap / predictedSize;
  const recall = referenceSize === 0 ? 0 : overlap / referenceSize;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1 };
}
