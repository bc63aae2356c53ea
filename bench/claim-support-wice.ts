/**
 * The mechanical claim support check (`checkClaimAgainstQuotes`) on WiCE dev (Kamoi et al. 2023):
 * Wikipedia sentences with the sentences of the page they cite and a human label. Each claim is
 * checked against its evidence sentences as quotes, with the article's title as the question (what
 * the reader already knows; `--no-title` drops it).
 *
 * Measured by 5-fold cross-validation split by article (`meta.claim_title`: every claim of an
 * article, and every copy of a claim, is in one fold). For each fold, the check's fitted choices
 * (`SupportTuning`: each candidate of `CANDIDATES`) are chosen on the other four folds only, by one
 * rule: among the candidates that wrongly reject at most TARGET_REJECTED of the training folds'
 * supported claims, the one that catches the most (mean of the not_supported and the
 * partially_supported rates); when none does, the one that rejects fewest. The chosen candidate is
 * then measured on the held-out fold. Printed per fold and as mean ± standard deviation across
 * folds: supported wrongly rejected, not_supported caught, partially_supported caught, ms per claim;
 * the naive rule "every number of the claim appears in the evidence" in the same run; then, per
 * problem kind and fold, the claims rejected for that kind alone (a rule that helps one fold only
 * shows there).
 *
 * Usage: npx tsx bench/claim-support-wice.ts [--no-title] [--folds 5] [--data <wice-dev folder>]
 *        [--show rejected|missed|partial --fold N]   (lists one held-out fold's claims)
 */
import { join } from 'node:path';
import {
  checkClaimAgainstQuotes,
  DEFAULT_SUPPORT_TUNING,
  SUPPORT_PROBLEM_KINDS,
  type SupportTuning,
} from '../src/research/support/index.js';
import { readText, requireBenchmarkData } from './lib/benchmark-data.js';

type Label = 'supported' | 'partially_supported' | 'not_supported';

interface Row {
  label: Label;
  claim: string;
  evidence: string[];
  meta: { claim_title?: string };
}

/** One claim checked with every relational rule on: what each rule and kind found. */
interface Checked {
  /** `kind` or, for relational problems, `kind:rule`, once each. */
  found: Set<string>;
  reasons: string[];
  milliseconds: number;
}

/** One claim under one candidate: whether the candidate rejects it, and for which problems. */
interface Outcome {
  rejected: boolean;
  /** The problems that reject it under the candidate (`kind` or `kind:rule`). */
  kinds: Set<string>;
  reasons: string[];
  milliseconds: number;
}

/** Most supported claims a candidate may wrongly reject on the training folds (the issue's target). */
const TARGET_REJECTED = 0.03;

/** Values of `partialMinFound` tried. */
const PARTIAL_VALUES = [0, 1, 2, 3];
/** Every relational rule (`SupportTuning.relations`). */
const RULES = ['preposition', 'dimension', 'counted-noun', 'event', 'year', 'place', 'subject', 'roles'];

interface Candidate {
  name: string;
  partialMinFound: number;
}

/**
 * The candidates: each value of `partialMinFound`, the shipped one first (a tie goes to it). The
 * relational rules are mechanisms, not choices: every candidate applies them all, and the table per
 * problem shows what each costs and catches in each fold.
 */
const CANDIDATES: Candidate[] = [...PARTIAL_VALUES]
  .sort(
    (a, b) =>
      Number(b === DEFAULT_SUPPORT_TUNING.partialMinFound) -
      Number(a === DEFAULT_SUPPORT_TUNING.partialMinFound),
  )
  .map((partialMinFound) => ({ name: `partial=${partialMinFound}`, partialMinFound }));

const argv = process.argv.slice(2);
const flag = (name: string) => {
  const index = argv.indexOf(name);
  return index === -1 ? undefined : argv[index + 1];
};
const useTitle = !argv.includes('--no-title');
const foldCount = Number(flag('--folds') ?? 5);
const show = flag('--show');
const showFold = Number(flag('--fold') ?? 1);

// `--data <folder>` reads WiCE from elsewhere (a worktree whose `../shared` is not the data's).
const folder = flag('--data') ?? requireBenchmarkData('wice-dev');
const rows = readText(join(folder, 'claims.jsonl'))
  .split('\n')
  .filter((line) => line.trim())
  .map((line) => JSON.parse(line) as Row);

/** FNV-1a: a stable order of articles that does not follow the file's. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value;
}

/**
 * The fold (0-based) of each row: articles, largest first and then in hash order, each go whole to
 * the fold with the fewest rows so far, so folds are of similar size and share no article.
 */
function foldsByArticle(all: readonly Row[], count: number): number[] {
  const articles = new Map<string, number[]>();
  all.forEach((row, index) => {
    const title = row.meta.claim_title ?? row.claim;
    articles.set(title, [...(articles.get(title) ?? []), index]);
  });
  const ordered = [...articles.entries()].sort(
    ([titleA, a], [titleB, b]) => b.length - a.length || hash(titleA) - hash(titleB),
  );
  const sizes = new Array<number>(count).fill(0);
  const folds = new Array<number>(all.length).fill(0);
  for (const [, indexes] of ordered) {
    const fold = sizes.indexOf(Math.min(...sizes));
    for (const index of indexes) folds[index] = fold;
    sizes[fold] = (sizes[fold] ?? 0) + indexes.length;
  }
  return folds;
}

/** The naive rule of the WiCE README: every run of digits of the claim occurs in the evidence text. */
function naiveRejects(row: Row): boolean {
  const text = row.evidence.join(' ');
  return (row.claim.match(/\d+/g) ?? []).some((digits) => !text.includes(digits));
}

/** Every claim checked with one value of `partialMinFound` and the relational rules `relations`. */
function runAll(partialMinFound: number, relations: readonly string[] = RULES): Checked[] {
  const tuning: SupportTuning = { ...DEFAULT_SUPPORT_TUNING, partialMinFound, relations };
  return rows.map((row) => {
    const started = performance.now();
    const check = checkClaimAgainstQuotes(row.claim, row.evidence, {
      question: useTitle ? row.meta.claim_title : undefined,
      tuning,
    });
    return {
      found: new Set(
        check.problems.map((problem) => (problem.rule ? `${problem.kind}:${problem.rule}` : problem.kind)),
      ),
      reasons: check.problems.map((problem) => `${problem.rule ?? problem.kind}: ${problem.reason}`),
      milliseconds: performance.now() - started,
    };
  });
}

/** What a candidate decides: every problem found rejects. */
function outcomesOf(checked: readonly Checked[]): Outcome[] {
  return checked.map((claim) => ({
    rejected: claim.found.size > 0,
    kinds: claim.found,
    reasons: claim.reasons,
    milliseconds: claim.milliseconds,
  }));
}

/** Rejection rates of one rule over some rows. */
interface Rates {
  supportedRejected: number;
  notSupportedCaught: number;
  partialCaught: number;
  counts: Record<Label, { rejected: number; total: number }>;
}

function ratesOf(indexes: readonly number[], rejected: (index: number) => boolean): Rates {
  const counts: Rates['counts'] = {
    supported: { rejected: 0, total: 0 },
    partially_supported: { rejected: 0, total: 0 },
    not_supported: { rejected: 0, total: 0 },
  };
  for (const index of indexes) {
    const count = counts[rows[index]?.label ?? 'supported'];
    count.total += 1;
    if (rejected(index)) count.rejected += 1;
  }
  const rate = (label: Label) => counts[label].rejected / Math.max(counts[label].total, 1);
  return {
    supportedRejected: rate('supported'),
    notSupportedCaught: rate('not_supported'),
    partialCaught: rate('partially_supported'),
    counts,
  };
}

/** The candidate the selection rule picks on some rows (see the header). */
function choose(outcomes: readonly Outcome[][], indexes: readonly number[]): number {
  const rates = outcomes.map((each) => ratesOf(indexes, (index) => each[index]?.rejected ?? false));
  const feasible = rates.flatMap((rate, candidate) =>
    rate.supportedRejected <= TARGET_REJECTED ? [candidate] : [],
  );
  const caught = (candidate: number) =>
    ((rates[candidate]?.notSupportedCaught ?? 0) + (rates[candidate]?.partialCaught ?? 0)) / 2;
  if (feasible.length > 0) {
    return feasible.reduce((best, candidate) => (caught(candidate) > caught(best) ? candidate : best));
  }
  return rates.reduce(
    (best, rate, candidate) =>
      rate.supportedRejected < (rates[best]?.supportedRejected ?? 1) ? candidate : best,
    0,
  );
}

const percent = (value: number) => `${(100 * value).toFixed(1)}%`;
const cell = (count: { rejected: number; total: number }) =>
  `${String(count.rejected).padStart(3)}/${String(count.total).padEnd(3)} ${percent(count.rejected / Math.max(count.total, 1)).padStart(6)}`;

function meanAndSpread(values: readonly number[]): string {
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  const variance =
    values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / Math.max(values.length - 1, 1);
  return `${percent(mean)} ± ${percent(Math.sqrt(variance))}`;
}

// One call first: a library the check loads at first use is not counted in the time per claim.
const loadStarted = performance.now();
checkClaimAgainstQuotes('The tower was completed in 1889.', ['The tower was completed in 1889 in Paris.']);
const loadMilliseconds = performance.now() - loadStarted;

const folds = foldsByArticle(rows, foldCount);
const runs = new Map(PARTIAL_VALUES.map((value) => [value, runAll(value)]));
// The same choices without the relational rules: what they cost and catch, and how long they take.
const wordsOnly = new Map(PARTIAL_VALUES.map((value) => [value, outcomesOf(runAll(value, []))]));
const outcomes = CANDIDATES.map((candidate) => outcomesOf(runs.get(candidate.partialMinFound) ?? []));
const naive = rows.map(naiveRejects);
const all = rows.map((_, index) => index);

console.log(
  `WiCE dev, ${rows.length} claims of ${new Set(rows.map((row) => row.meta.claim_title)).size} articles; question = ${useTitle ? "the article's title" : 'none'}; ${foldCount} folds split by article; choices fitted on the training folds (target: at most ${percent(TARGET_REJECTED)} of supported rejected)\n`,
);
console.log(
  `${'fold'.padEnd(5)} ${'rule'.padEnd(18)} ${'supported rejected'.padEnd(20)} ${'not_supported caught'.padEnd(20)} ${'partially caught'.padEnd(20)} ms/claim`,
);
const perFold: {
  check: Rates;
  words: Rates;
  naive: Rates;
  milliseconds: number;
  wordsMilliseconds: number;
  chosen: number;
}[] = [];
const meanTime = (outcomesOfRule: readonly Outcome[], indexes: readonly number[]) =>
  indexes.reduce((sum, index) => sum + (outcomesOfRule[index]?.milliseconds ?? 0), 0) / indexes.length;
for (let fold = 0; fold < foldCount; fold += 1) {
  const test = all.filter((index) => folds[index] === fold);
  const train = all.filter((index) => folds[index] !== fold);
  const chosen = choose(outcomes, train);
  const chosenOutcomes = outcomes[chosen] ?? [];
  const check = ratesOf(test, (index) => chosenOutcomes[index]?.rejected ?? false);
  const naiveRates = ratesOf(test, (index) => naive[index] ?? false);
  const wordOutcomes = wordsOnly.get(CANDIDATES[chosen]?.partialMinFound ?? 2) ?? [];
  const words = ratesOf(test, (index) => wordOutcomes[index]?.rejected ?? false);
  const milliseconds = meanTime(chosenOutcomes, test);
  const wordsMilliseconds = meanTime(wordOutcomes, test);
  perFold.push({ check, words, naive: naiveRates, milliseconds, wordsMilliseconds, chosen });
  const line = (name: string, rates: Rates, time: string) =>
    `${String(fold + 1).padEnd(5)} ${name.padEnd(18)} ${cell(rates.counts.supported)}  ${cell(rates.counts.not_supported)}  ${cell(rates.counts.partially_supported)}  ${time}`;
  console.log(line(`check (${CANDIDATES[chosen]?.name})`, check, milliseconds.toFixed(2)));
  console.log(line('  no relations', words, wordsMilliseconds.toFixed(2)));
  console.log(line('naive', naiveRates, ''));
}
const spreadLine = (name: string, pick: (fold: (typeof perFold)[number]) => Rates) =>
  `${'mean'.padEnd(5)} ${name.padEnd(18)} ${meanAndSpread(perFold.map((fold) => pick(fold).supportedRejected)).padEnd(20)} ${meanAndSpread(perFold.map((fold) => pick(fold).notSupportedCaught)).padEnd(20)} ${meanAndSpread(perFold.map((fold) => pick(fold).partialCaught)).padEnd(20)}`;
const times = perFold.map((fold) => fold.milliseconds);
console.log(
  `${spreadLine('check', (fold) => fold.check)} ${(times.reduce((sum, value) => sum + value, 0) / times.length).toFixed(2)} (folds ${Math.min(...times).toFixed(2)}–${Math.max(...times).toFixed(2)})`,
);
const wordTimes = perFold.map((fold) => fold.wordsMilliseconds);
console.log(
  `${spreadLine('  no relations', (fold) => fold.words)} ${(wordTimes.reduce((sum, value) => sum + value, 0) / wordTimes.length).toFixed(2)}`,
);
console.log(spreadLine('naive', (fold) => fold.naive));
console.log(
  `\nmean ± standard deviation across the ${foldCount} held-out folds; first call (loads what the check loads at first use) ${loadMilliseconds.toFixed(0)} ms`,
);

const everyRule = CANDIDATES.findIndex(
  (candidate) => candidate.partialMinFound === DEFAULT_SUPPORT_TUNING.partialMinFound,
);
console.log(
  `\nper problem (partial=${DEFAULT_SUPPORT_TUNING.partialMinFound}), by fold: claims rejected for that problem alone (supported · not_supported · partially)`,
);
console.log(
  `  ${'problem'.padEnd(22)} ${[...Array(foldCount).keys()].map((fold) => `fold ${fold + 1}`.padEnd(13)).join(' ')}`,
);
const problemNames = [
  ...SUPPORT_PROBLEM_KINDS.filter((kind) => kind !== 'relation' && kind !== 'roles'),
  ...RULES.map((rule) => (rule === 'roles' ? 'roles:roles' : `relation:${rule}`)),
];
for (const kind of problemNames) {
  const cells = perFold.map((_, index) => {
    const alone = (label: Label) =>
      all.filter(
        (row) =>
          folds[row] === index &&
          rows[row]?.label === label &&
          outcomes[everyRule]?.[row]?.kinds.has(kind) &&
          outcomes[everyRule]?.[row]?.kinds.size === 1,
      ).length;
    return `${alone('supported')} · ${alone('not_supported')} · ${alone('partially_supported')}`.padEnd(13);
  });
  console.log(`  ${kind.padEnd(22)} ${cells.join(' ')}`);
}
const chosenOnAll = CANDIDATES[choose(outcomes, all)];
console.log(
  `\nchosen per fold: ${perFold.map((fold, index) => `${index + 1}: ${CANDIDATES[fold.chosen]?.name}`).join(' | ')}`,
);
console.log(`chosen on all of dev (the shipped default): ${chosenOnAll?.name}`);

if (show) {
  const label: Label =
    show === 'rejected' ? 'supported' : show === 'missed' ? 'not_supported' : 'partially_supported';
  const wanted = show === 'rejected';
  const chosenOutcomes = outcomes[perFold[showFold - 1]?.chosen ?? 0] ?? [];
  const listed = all.filter(
    (index) =>
      folds[index] === showFold - 1 &&
      rows[index]?.label === label &&
      chosenOutcomes[index]?.rejected === wanted,
  );
  console.log(`\n${show} (${label}, held-out fold ${showFold}): ${listed.length}`);
  for (const index of listed) {
    const row = rows[index];
    console.log(`\n- ${row?.claim}  [title: ${row?.meta.claim_title ?? ''}]`);
    const reasons = chosenOutcomes[index]?.reasons ?? [];
    if (reasons.length > 0) console.log(`  problems: ${reasons.join(' | ')}`);
  }
}
