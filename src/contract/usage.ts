/** Tokens and cost. `costUsd` is `null` when a model's price is unknown (never a false 0). */
export interface Usage {
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
  costUsd: number | null;
}

/** Usage of nothing yet: zero tokens, zero cost. */
export function emptyUsage(): Usage {
  return { inputTokens: 0, outputTokens: 0, totalTokens: 0, costUsd: 0 };
}

/** Adds two costs; unknown (`null`) stays unknown. */
export function addCost(total: number | null, cost: number | null): number | null {
  return total === null || cost === null ? null : total + cost;
}

/** Sum of two usages; the cost is `null` as soon as either side's cost is unknown. */
export function addUsage(left: Usage, right: Usage): Usage {
  return {
    inputTokens: left.inputTokens + right.inputTokens,
    outputTokens: left.outputTokens + right.outputTokens,
    totalTokens: left.totalTokens + right.totalTokens,
    costUsd: addCost(left.costUsd, right.costUsd),
  };
}
