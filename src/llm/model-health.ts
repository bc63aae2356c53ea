/**
 * Failures in a row per model, and cooldowns: a model that failed `failuresBeforeCooldown` calls in a
 * row is skipped for `cooldownMs`, unless every model of a chain is cooling down.
 */
export class ModelHealth {
  private readonly failures = new Map<string, number>();
  private readonly coolingUntil = new Map<string, number>();

  constructor(
    private readonly options: {
      failuresBeforeCooldown: number;
      cooldownMs: number;
      now: () => number;
      /** Told each time a model starts a cooldown. */
      onCooldown?: ((model: string, cooldownMs: number) => void) | undefined;
    },
  ) {}

  /**
   * The models of `chain` to try, in order: those not cooling down; when all are cooling, the one
   * whose cooldown ends first.
   */
  order(chain: readonly string[]): string[] {
    const now = this.options.now();
    const ready = chain.filter((model) => (this.coolingUntil.get(model) ?? 0) <= now);
    if (ready.length > 0) return ready;
    const soonest = [...chain].sort(
      (left, right) => (this.coolingUntil.get(left) ?? 0) - (this.coolingUntil.get(right) ?? 0),
    )[0];
    return soonest === undefined ? [] : [soonest];
  }

  succeeded(model: string): void {
    this.failures.delete(model);
    this.coolingUntil.delete(model);
  }

  failed(model: string): void {
    const count = (this.failures.get(model) ?? 0) + 1;
    this.failures.set(model, count);
    if (count >= this.options.failuresBeforeCooldown) {
      this.coolingUntil.set(model, this.options.now() + this.options.cooldownMs);
      this.failures.set(model, 0);
      this.options.onCooldown?.(model, this.options.cooldownMs);
    }
  }

  /** Whether `model` is skipped right now. */
  isCooling(model: string): boolean {
    return (this.coolingUntil.get(model) ?? 0) > this.options.now();
  }
}
