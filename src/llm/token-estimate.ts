/** Tokens a message adds beyond its text (role markers, separators), as chat templates do. */
const MESSAGE_OVERHEAD_TOKENS = 8;

/**
 * An upper estimate of the tokens a prompt costs, made before the call so a call that cannot fit in
 * what is left of the budget is never made. One token per three UTF-8 bytes: BPE tokenizers average
 * about four bytes a token on English and about one character (three bytes) on CJK text, so this errs
 * high; `TokenEstimator` corrects it upward when a model reports more.
 */
export function estimateTokens(...texts: string[]): number {
  let bytes = 0;
  for (const text of texts) bytes += Buffer.byteLength(text, 'utf8');
  return Math.ceil(bytes / 3) + MESSAGE_OVERHEAD_TOKENS * texts.length;
}

/** Learns how far a run's models exceed the estimate and scales later estimates by it. */
export class TokenEstimator {
  private factor = 1;

  estimate(...texts: string[]): number {
    return Math.ceil(estimateTokens(...texts) * this.factor);
  }

  /** A call estimated at `estimated` input tokens reported `reported`; never lowers the factor. */
  observe(estimated: number, reported: number | undefined): void {
    if (!reported || estimated <= 0) return;
    this.factor = Math.min(4, Math.max(this.factor, (reported / estimated) * this.factor));
  }
}
