import type { Usage } from '../contract/index.js';
import { addUsage, emptyUsage } from '../contract/index.js';
import { costOf, type ModelPrice, priceFor } from './prices.js';

/** Token counts as the AI SDK reports them (any may be missing). */
export interface ReportedTokens {
  inputTokens?: number | undefined;
  outputTokens?: number | undefined;
}

/** Turns reported tokens into `Usage` with cost, and keeps the running totals. */
export class UsageMeter {
  private total: Usage = emptyUsage();
  private callCount = 0;

  constructor(private readonly prices: Readonly<Record<string, ModelPrice>> = {}) {}

  /** Usage of one call of `model`; counts it in the totals. */
  record(model: string, tokens: ReportedTokens | undefined): Usage {
    const inputTokens = tokens?.inputTokens ?? 0;
    const outputTokens = tokens?.outputTokens ?? 0;
    const counts = { inputTokens, outputTokens };
    // An unknown price makes the cost unknown, even of a call that reported no tokens (a failed
    // call's tokens are not known either): unknown is n/a, never $0.
    const costUsd = costOf(counts, priceFor(model, this.prices));
    const usage: Usage = { ...counts, totalTokens: inputTokens + outputTokens, costUsd };
    this.total = addUsage(this.total, usage);
    this.callCount += 1;
    return usage;
  }

  totals(): { usage: Usage; calls: number } {
    return { usage: { ...this.total }, calls: this.callCount };
  }
}
