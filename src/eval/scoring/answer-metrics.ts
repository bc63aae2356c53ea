import { normalizeAnswer } from './normalize-answer.js';

/** Token overlap of a prediction with a gold answer. */
export interface TokenScores {
  f1: number;
  precision: number;
  recall: number;
}

/** Answers HotpotQA scores all-or-nothing in F1: a yes/no (or noanswer) never earns partial credit. */
const ALL_OR_NOTHING = new Set(['yes', 'no', 'noanswer']);
const ZERO: TokenScores = { f1: 0, precision: 0, recall: 0 };

/** 1 when the normalised prediction equals the normalised gold answer, else 0. */
export function exactMatch(prediction: string, gold: string): number {
  return normalizeAnswer(prediction) === normalizeAnswer(gold) ? 1 : 0;
}

/**
 * Token F1 as HotpotQA's official `f1_score`: bag-of-tokens overlap of the normalised texts, and 0
 * when either side normalises to yes, no or noanswer without the other being the same.
 */
export function tokenF1(prediction: string, gold: string): TokenScores {
  const predicted = normalizeAnswer(prediction);
  const expected = normalizeAnswer(gold);
  if ((ALL_OR_NOTHING.has(predicted) || ALL_OR_NOTHING.has(expected)) && predicted !== expected) return ZERO;
  const predictedTokens = predicted.split(' ').filter(Boolean);
  const expectedTokens = expected.split(' ').filter(Boolean);
  const counts = new Map<string, number>();
  for (const token of expectedTokens) counts.set(token, (counts.get(token) ?? 0) + 1);
  let same = 0;
  for (const token of predictedTokens) {
    const left = counts.get(token) ?? 0;
    if (left > 0) {
      same += 1;
      counts.set(token, left - 1);
    }
  }
  if (same === 0) return ZERO;
  const precision = same / predictedTokens.length;
  const recall = same / expectedTokens.length;
  return { f1: (2 * precision * recall) / (precision + recall), precision, recall };
}

/** EM and F1 of a prediction: the best over the gold answer and its aliases (SQuAD's max over golds). */
export interface AnswerScores extends TokenScores {
  em: number;
}

export function scoreAnswer(prediction: string, golds: readonly string[]): AnswerScores {
  let best: AnswerScores = { em: 0, ...ZERO };
  for (const gold of golds) {
    const scores = tokenF1(prediction, gold);
    const em = exactMatch(prediction, gold);
    best = {
      em: Math.max(best.em, em),
      ...(scores.f1 > best.f1 ? scores : { f1: best.f1, precision: best.precision, recall: best.recall }),
    };
  }
  return best;
}
