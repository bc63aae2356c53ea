/** Command-line filters shared by the reader benchmarks: `--limit N`, `--type T`, `--only id,id`. */
export interface BenchmarkOptions {
  limit: number;
  type: string | undefined;
  only: Set<string> | undefined;
  /** Take every Nth page only (`--every N`), a spread-out sample for fast iteration. */
  every: number;
  /** Skip the Readability baseline for faster iteration (`--no-baseline`). */
  baseline: boolean;
  /** Print per-page misses (`--verbose`). */
  verbose: boolean;
}

/** The value after `flag` on the command line (`--set wcxb` → `wcxb`); undefined when the flag is absent. */
export function flagValue(flag: string, argv: readonly string[] = process.argv.slice(2)): string | undefined {
  const index = argv.indexOf(flag);
  return index === -1 ? undefined : argv[index + 1];
}

export function parseBenchmarkOptions(argv: string[] = process.argv.slice(2)): BenchmarkOptions {
  const limit = Number.parseInt(flagValue('--limit', argv) ?? '', 10);
  const only = flagValue('--only', argv);
  const every = Number.parseInt(flagValue('--every', argv) ?? '1', 10);
  return {
    limit: Number.isFinite(limit) && limit > 0 ? limit : Number.POSITIVE_INFINITY,
    type: flagValue('--type', argv),
    every: Number.isFinite(every) && every > 0 ? every : 1,
    only: only === undefined ? undefined : new Set(only.split(',')),
    baseline: !argv.includes('--no-baseline'),
    verbose: argv.includes('--verbose'),
  };
}
