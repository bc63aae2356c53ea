/**
 * The mechanical claim support check (`checkClaimAgainstQuotes`) on WiCE dev (Kamoi et al. 2023):
 * Wikipedia sentences with the sentences of the page they cite and a human label. Each claim is
 * checked against its evidence sentences as quotes, with the article's title as the question (what
 * the reader already knows; `--no-title` drops it).
 *
 * Measured by 5-fold cross-validation split by article (`meta.claim_title`: every claim of an
 * article, and every copy of a claim, is in one fold). For each fold, the check's fitted choices
 * (`SupportTuning`: each candidate of `CANDIDATES`, `partialMinFound` × `minCoverage`) are chosen on
 * the other four folds only, by one rule: among the candidates that wrongly reject at most
 * TARGET_REJECTED of the training folds' supported claims, the one that catches the most (mean of
 * the not_supported and the partially_supported rates); when none does, the one that rejects
 * fewest. The chosen candidate is then measured on the held-out fold. Printed per fold and as mean ±
 * standard deviation across folds: supported wrongly rejected, not_supported caught,
 * partially_supported caught; in the same run, the check as it was before (`BEFORE`, from git, its
 * own choice fitted the same way) and the naive rule "every number of the claim appears in the
 * evidence"; then the time per claim (CPU and wall, the two checks interleaved claim by claim, each
 * on quotes it has not read before), and per problem and fold the claims rejected for that problem
 * alone (a rule that helps one fold only shows there).
 *
 * The shipped default (`DEFAULT_SUPPORT_TUNING`) takes no part in a fold's choice (candidates are
 * listed in a fixed order, a tie goes to the first): the bench prints how many splits' training folds
 * chose it, and every figure of a held-out fold is that of the candidate its training folds chose.
 *
 * A candidate's verdict is the check's with `minCoverage` 0 plus its own `off-topic` test
 * (`sentenceCoverage` below the candidate's value), which is what the check does; the timed pass runs
 * the shipped default in full and the bench counts the claims where the two differ (must be 0).
 *
 * Usage: npx tsx bench/claim-support-wice.ts [--no-title] [--folds 5] [--data <wice-dev folder>]
 *        [--before <commit>|none] [--repeats 10] [--show rejected|missed|partial --fold N]
 *        (--repeats: other splits of the same kind, summarised; --show lists a held-out fold's claims)
 */
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import {
  checkClaimAgainstQuotes,
  DEFAULT_SUPPORT_TUNING,
  forgetAnalyses,
  SUPPORT_PROBLEM_KINDS,
  type SupportCheck,
  type SupportCheckOptions,
  type SupportTuning,
  sentenceCoverage,
  warmUpSupportCheck,
} from '../src/research/support/index.js';
import { readText, requireBenchmarkData } from './lib/benchmark-data.js';
import {
  chooseCandidate,
  crossValidate,
  foldsByGroup,
  type Label,
  meanAndSpread,
  type Rates,
  ratesOf,
} from './lib/cross-validation.js';
import { sourceAtCommit } from './lib/source-at-commit.js';
import { median } from './lib/timing.js';

interface Row {
  label: Label;
  claim: string;
  evidence: string[];
  meta: { claim_title?: string };
}

type Check = (claim: string, quotes: readonly string[], options?: SupportCheckOptions) => SupportCheck;

/** Most supported claims a candidate may wrongly reject on the training folds (the issue's target). */
const TARGET_REJECTED = 0.03;
/** The check before this measurement's rules: main when the `support2` lane began. */
const BEFORE = '4408b43869771f414ee74d43448b2d2e47277799';

/** Values of `partialMinFound` tried (0 turns the one-name-or-year allowance off). */
const PARTIAL_VALUES = [0, 1, 2, 3];
/** Values of `minCoverage` tried (0 turns the `off-topic` rule off). */
const COVERAGE_VALUES = [0, 0.15, 0.2, 0.25, 0.3, 0.35];
/** Every relational rule, for the table per problem. */
const RULES = ['preposition', 'dimension', 'counted-noun', 'event', 'year', 'place', 'subject', 'roles'];

/** One setting of the check's fitted choices, named for the table. */
interface Candidate extends Pick<SupportTuning, 'partialMinFound' | 'minCoverage'> {
  name: string;
}

/**
 * The candidates, in a fixed order that does not know the shipped default: a tie goes to the first
 * listed, the one that rejects least (smaller values turn less on).
 */
const CANDIDATES: Candidate[] = PARTIAL_VALUES.flatMap((partialMinFound) =>
  COVERAGE_VALUES.map((minCoverage) => ({
    name: `partial=${partialMinFound} coverage=${minCoverage}`,
    partialMinFound,
    minCoverage,
  })),
);

function shipped(candidate: Candidate): boolean {
  return (
    candidate.partialMinFound === DEFAULT_SUPPORT_TUNING.partialMinFound &&
    candidate.minCoverage === DEFAULT_SUPPORT_TUNING.minCoverage
  );
}

const argv = process.argv.slice(2);
const flag = (name: string) => {
  const index = argv.indexOf(name);
  return index === -1 ? undefined : argv[index + 1];
};
const useTitle = !argv.includes('--no-title');
const foldCount = Number(flag('--folds') ?? 5);
const show = flag('--show');
const showFold = Number(flag('--fold') ?? 1);
const beforeCommit = flag('--before') ?? BEFORE;
const repeats = Number(flag('--repeats') ?? 10);

// `--data <folder>` reads WiCE from elsewhere (a worktree whose `../shared` is not the data's).
const folder = flag('--data') ?? requireBenchmarkData('wice-dev');
const rows = readText(join(folder, 'claims.jsonl'))
  .split('\n')
  .filter((line) => line.trim())
  .map((line) => JSON.parse(line) as Row);
const labels = rows.map((row) => row.label);
const question = (row: Row) => (useTitle ? row.meta.claim_title : undefined);

/** The problems found, as `kind` or `kind:rule` for relational ones. */
const foundOf = (check: SupportCheck) =>
  new Set(check.problems.map((problem) => (problem.rule ? `${problem.kind}:${problem.rule}` : problem.kind)));

// The check as it was: its own module tree, from git, beside this one.
const before = beforeCommit === 'none' ? undefined : sourceAtCommit(beforeCommit);
// The unpacked tree goes however the bench ends (a failure halfway included).
if (before && 'remove' in before) process.once('exit', before.remove);
let beforeCheck: Check | undefined;
if (before && 'load' in before) {
  const module = (await before.load('research/support/index.ts')) as { checkClaimAgainstQuotes: Check };
  beforeCheck = module.checkClaimAgainstQuotes;
} else if (before) {
  console.log(`(the check before is not measured: ${before.missing})`);
}

// Loading what the checks load at first use is not counted in the time per claim.
const warmStarted = performance.now();
await warmUpSupportCheck();
const warmMilliseconds = performance.now() - warmStarted;
const loadStarted = performance.now();
beforeCheck?.('The tower was completed in 1889.', ['The tower was completed in 1889 in Paris.']);
const beforeLoadMilliseconds = performance.now() - loadStarted;
forgetAnalyses();

/** CPU and wall milliseconds of one call. */
function timed<T>(run: () => T): { value: T; cpu: number; wall: number } {
  const cpuStarted = process.cpuUsage();
  const wallStarted = performance.now();
  const value = run();
  const cpu = process.cpuUsage(cpuStarted);
  return { value, cpu: (cpu.user + cpu.system) / 1000, wall: performance.now() - wallStarted };
}

const loadBefore = loadavg();
// The timed pass: the shipped check and the check before, interleaved claim by claim (the order
// alternating), each reading every quote for the first time (duplicated claims aside).
const shippedFound: Set<string>[] = [];
const timing = {
  now: { cpu: [] as number[], wall: [] as number[] },
  before: { cpu: [] as number[], wall: [] as number[] },
};
const beforeShipped: boolean[] = [];
rows.forEach((row, index) => {
  const runNow = () => {
    const result = timed(() => checkClaimAgainstQuotes(row.claim, row.evidence, { question: question(row) }));
    shippedFound[index] = foundOf(result.value);
    timing.now.cpu.push(result.cpu);
    timing.now.wall.push(result.wall);
  };
  const runBefore = () => {
    if (!beforeCheck) return;
    const check = beforeCheck;
    const result = timed(() => check(row.claim, row.evidence, { question: question(row) }));
    // Its shipped choice was partialMinFound 2: the candidate of that value below.
    beforeShipped[index] = !result.value.ok;
    timing.before.cpu.push(result.cpu);
    timing.before.wall.push(result.wall);
  };
  if (index % 2 === 0) {
    runNow();
    runBefore();
  } else {
    runBefore();
    runNow();
  }
});

const loadAfter = loadavg();

// Each value of partialMinFound with the off-topic rule off, and each claim's coverage: every candidate's verdict.
const byPartial = new Map(
  PARTIAL_VALUES.map((partialMinFound) => [
    partialMinFound,
    rows.map((row) =>
      foundOf(
        checkClaimAgainstQuotes(row.claim, row.evidence, {
          question: question(row),
          tuning: { partialMinFound, minCoverage: 0 },
        }),
      ),
    ),
  ]),
);
const coverage = rows.map((row) => sentenceCoverage(row.claim, row.evidence, { question: question(row) }));
/** Whether a candidate rejects a claim: a problem at its `partialMinFound`, or too little coverage. */
const rejects = (candidate: Candidate, index: number) =>
  (byPartial.get(candidate.partialMinFound)?.[index]?.size ?? 0) > 0 ||
  (coverage[index] ?? 1) < candidate.minCoverage;
/** The problems a candidate finds in a claim, `off-topic` included. */
function foundUnder(candidate: Candidate, index: number): Set<string> {
  const found = new Set(byPartial.get(candidate.partialMinFound)?.[index]);
  if ((coverage[index] ?? 1) < candidate.minCoverage) found.add('off-topic');
  return found;
}
const rejections = CANDIDATES.map((candidate) => rows.map((_, index) => rejects(candidate, index)));
const shippedCandidate = CANDIDATES.findIndex(shipped);
const disagreements = rows.filter(
  (_, index) => (shippedFound[index]?.size ?? 0) > 0 !== rejections[shippedCandidate]?.[index],
).length;

// The check before, its one choice (partialMinFound) fitted by the same rule.
const beforeRejections: boolean[][] = beforeCheck
  ? PARTIAL_VALUES.map((partialMinFound) =>
      partialMinFound === 2
        ? beforeShipped
        : rows.map(
            (row) =>
              !beforeCheck?.(row.claim, row.evidence, {
                question: question(row),
                tuning: { partialMinFound },
              }).ok,
          ),
    )
  : [];

/** The naive rule of the WiCE README: every run of digits of the claim occurs in the evidence text. */
const naive = rows.map((row) => {
  const text = row.evidence.join(' ');
  return (row.claim.match(/\d+/g) ?? []).some((digits) => !text.includes(digits));
});

const folds = foldsByGroup(
  rows.map((row) => row.meta.claim_title ?? row.claim),
  foldCount,
);
const all = rows.map((_, index) => index);
const percent = (value: number) => `${(100 * value).toFixed(1)}%`;
const cell = (count: { rejected: number; total: number }) =>
  `${String(count.rejected).padStart(3)}/${String(count.total).padEnd(3)} ${percent(count.rejected / Math.max(count.total, 1)).padStart(6)}`;

console.log(
  `WiCE dev, ${rows.length} claims of ${new Set(rows.map((row) => row.meta.claim_title)).size} articles; question = ${useTitle ? "the article's title" : 'none'}; ${foldCount} folds split by article; choices fitted on the training folds (target: at most ${percent(TARGET_REJECTED)} of supported rejected)\n`,
);
console.log(
  `${'fold'.padEnd(5)} ${'rule'.padEnd(34)} ${'supported rejected'.padEnd(20)} ${'not_supported caught'.padEnd(20)} partially caught`,
);
interface FoldResult {
  check: Rates;
  before?: Rates;
  naive: Rates;
  chosen: number;
  beforeChosen: number;
}
const perFold: FoldResult[] = [];
for (let fold = 0; fold < foldCount; fold += 1) {
  const test = all.filter((index) => folds[index] === fold);
  const train = all.filter((index) => folds[index] !== fold);
  const chosen = chooseCandidate({ labels, rejections, indexes: train, maxRejected: TARGET_REJECTED });
  const chosenRejections = rejections[chosen] ?? [];
  const result: FoldResult = {
    check: ratesOf(labels, test, (index) => chosenRejections[index] ?? false),
    naive: ratesOf(labels, test, (index) => naive[index] ?? false),
    chosen,
    beforeChosen: 0,
  };
  if (beforeRejections.length > 0) {
    result.beforeChosen = chooseCandidate({
      labels,
      rejections: beforeRejections,
      indexes: train,
      maxRejected: TARGET_REJECTED,
    });
    const picked = beforeRejections[result.beforeChosen] ?? [];
    result.before = ratesOf(labels, test, (index) => picked[index] ?? false);
  }
  perFold.push(result);
  const line = (name: string, rates: Rates) =>
    `${String(fold + 1).padEnd(5)} ${name.padEnd(34)} ${cell(rates.counts.supported)}  ${cell(rates.counts.not_supported)}  ${cell(rates.counts.partially_supported)}`;
  console.log(line(`check (${CANDIDATES[chosen]?.name})`, result.check));
  if (result.before)
    console.log(line(`  before (partial=${PARTIAL_VALUES[result.beforeChosen]})`, result.before));
  console.log(line('  naive', result.naive));
}
const spreadLine = (name: string, pick: (fold: FoldResult) => Rates | undefined) => {
  const rates = perFold.flatMap((fold) => pick(fold) ?? []);
  if (rates.length === 0) return undefined;
  return `${'mean'.padEnd(5)} ${name.padEnd(34)} ${meanAndSpread(rates.map((rate) => rate.supportedRejected)).padEnd(20)} ${meanAndSpread(rates.map((rate) => rate.notSupportedCaught)).padEnd(20)} ${meanAndSpread(rates.map((rate) => rate.partialCaught))}`;
};
// Every held-out claim once, each under its own fold's choice: the figure a user of the procedure sees.
const pooledLine = (name: string, pick: (fold: FoldResult) => Rates | undefined) => {
  const rates = perFold.flatMap((fold) => pick(fold) ?? []);
  if (rates.length === 0) return undefined;
  const sum = (label: Label) => ({
    rejected: rates.reduce((total, rate) => total + rate.counts[label].rejected, 0),
    total: rates.reduce((total, rate) => total + rate.counts[label].total, 0),
  });
  return `${'all'.padEnd(5)} ${name.padEnd(34)} ${cell(sum('supported'))}  ${cell(sum('not_supported'))}  ${cell(sum('partially_supported'))}`;
};
for (const line of [
  pooledLine('check', (fold) => fold.check),
  pooledLine('  before', (fold) => fold.before),
  pooledLine('  naive', (fold) => fold.naive),
  spreadLine('check', (fold) => fold.check),
  spreadLine('  before', (fold) => fold.before),
  spreadLine('  naive', (fold) => fold.naive),
])
  if (line) console.log(line);
console.log(
  `\nall: the held-out folds together; mean ± standard deviation across the ${foldCount} held-out folds`,
);
console.log(
  `chosen per fold: ${perFold.map((fold, index) => `${index + 1}: ${CANDIDATES[fold.chosen]?.name}`).join(' | ')}`,
);
// The shipped default is what the training folds choose; it is never measured on a fold it was chosen on.
const shippedChosen = perFold.filter((fold) => fold.chosen === shippedCandidate).length;
console.log(
  `shipped default ${CANDIDATES[shippedCandidate]?.name}: chosen on the training folds of ${shippedChosen} of ${foldCount} splits; the shipped check and the composed candidate differ on ${disagreements} claims`,
);

// Other splits of the same kind (the same rule, groups of one size ordered otherwise): how much of
// the spread is the split's.
if (repeats > 0) {
  const splits = [...Array(repeats).keys()].map((repeat) =>
    crossValidate({
      labels,
      rejections,
      folds: foldsByGroup(
        rows.map((row) => row.meta.claim_title ?? row.claim),
        foldCount,
        repeat + 1,
      ),
      count: foldCount,
      maxRejected: TARGET_REJECTED,
    }),
  );
  const heldOut = splits.flat();
  // Per split, the held-out claims together: each claim once, under its own fold's choice.
  const together = (pick: (rates: Rates) => { rejected: number; total: number }) => {
    const shares = splits.map((split) => {
      const rejected = split.reduce((sum, fold) => sum + pick(fold.rates).rejected, 0);
      return (
        rejected /
        Math.max(
          split.reduce((sum, fold) => sum + pick(fold.rates).total, 0),
          1,
        )
      );
    });
    return `${percent(Math.min(...shares))}–${percent(Math.max(...shares))}`;
  };
  const measure = (name: string, label: Label, share: (rates: Rates) => number) =>
    `  ${name.padEnd(22)} folds together ${together((rates) => rates.counts[label]).padEnd(13)} per fold ${meanAndSpread(heldOut.map((fold) => share(fold.rates)))}`;
  console.log(
    `\n${repeats} other splits by article (groups of one size ordered otherwise; ${repeats * foldCount} held-out folds), the check, lowest–highest across splits:`,
  );
  console.log(measure('supported rejected', 'supported', (rates) => rates.supportedRejected));
  console.log(measure('not_supported caught', 'not_supported', (rates) => rates.notSupportedCaught));
  console.log(measure('partially caught', 'partially_supported', (rates) => rates.partialCaught));
  const choices = new Map<string, number>();
  for (const fold of heldOut) {
    const name = CANDIDATES[fold.chosen]?.name ?? '';
    choices.set(name, (choices.get(name) ?? 0) + 1);
  }
  console.log(
    `  chosen on the training folds: ${[...choices].map(([name, times]) => `${name} ${times}×`).join(', ')} (shipped: ${CANDIDATES[shippedCandidate]?.name})`,
  );
}

const mean = (values: readonly number[]) =>
  values.reduce((sum, value) => sum + value, 0) / Math.max(values.length, 1);
const timeLine = (name: string, times: { cpu: number[]; wall: number[] }) =>
  `  ${name.padEnd(8)} CPU ${mean(times.cpu).toFixed(2)} ms/claim (median ${median(times.cpu).toFixed(2)}), wall ${mean(times.wall).toFixed(2)} (median ${median(times.wall).toFixed(2)})`;
console.log(
  `\ntime per claim, shipped choices, quotes read for the first time (about ${Math.round(mean(rows.map((row) => row.evidence.length)))} a claim):`,
);
console.log(timeLine('check', timing.now));
if (beforeCheck) console.log(timeLine('before', timing.before));
console.log(
  `  loading: warmUpSupportCheck ${warmMilliseconds.toFixed(0)} ms${beforeCheck ? `; the check before, first call ${beforeLoadMilliseconds.toFixed(0)} ms` : ''}`,
);
console.log(
  `  load average ${loadBefore.map((value) => value.toFixed(1)).join(' ')} before the timed pass, ${loadAfter.map((value) => value.toFixed(1)).join(' ')} after (${availableParallelism()} cores)`,
);

console.log(
  "\nper problem (each fold's chosen candidate), by held-out fold: claims rejected for that problem alone (supported · not_supported · partially)",
);
console.log(
  `  ${'problem'.padEnd(22)} ${[...Array(foldCount).keys()].map((fold) => `fold ${fold + 1}`.padEnd(13)).join(' ')}`,
);
const problemNames = [
  ...SUPPORT_PROBLEM_KINDS.filter((kind) => kind !== 'relation' && kind !== 'roles'),
  ...RULES.map((rule) => (rule === 'roles' ? 'roles:roles' : `relation:${rule}`)),
];
for (const kind of problemNames) {
  const cells = perFold.map((result, fold) => {
    const chosen = CANDIDATES[result.chosen] as Candidate;
    const alone = (label: Label) =>
      all.filter((index) => {
        const found = foundUnder(chosen, index);
        return folds[index] === fold && labels[index] === label && found.has(kind) && found.size === 1;
      }).length;
    return `${alone('supported')} · ${alone('not_supported')} · ${alone('partially_supported')}`.padEnd(13);
  });
  console.log(`  ${kind.padEnd(22)} ${cells.join(' ')}`);
}

if (show) {
  const label: Label =
    show === 'rejected' ? 'supported' : show === 'missed' ? 'not_supported' : 'partially_supported';
  const wanted = show === 'rejected';
  const chosen = CANDIDATES[perFold[showFold - 1]?.chosen ?? 0] as Candidate;
  const listed = all.filter(
    (index) => folds[index] === showFold - 1 && labels[index] === label && rejects(chosen, index) === wanted,
  );
  console.log(`\n${show} (${label}, held-out fold ${showFold}, ${chosen.name}): ${listed.length}`);
  for (const index of listed) {
    const row = rows[index] as Row;
    console.log(`\n- ${row.claim}  [title: ${row.meta.claim_title ?? ''}]`);
    const check = checkClaimAgainstQuotes(row.claim, row.evidence, {
      question: question(row),
      tuning: { partialMinFound: chosen.partialMinFound, minCoverage: chosen.minCoverage },
    });
    if (check.problems.length > 0)
      console.log(
        `  problems: ${check.problems.map((problem) => `${problem.rule ?? problem.kind}: ${problem.reason}`).join(' | ')}`,
      );
  }
}
