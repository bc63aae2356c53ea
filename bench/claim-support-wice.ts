/**
 * The mechanical claim support check (`checkClaimAgainstQuotes`) on WiCE dev (Kamoi et al. 2023):
 * Wikipedia sentences with the sentences of the page they cite and a human label. Each claim is
 * checked against its evidence sentences as quotes, with the article's title as the question (what
 * the reader already knows; `--no-title` drops it). Printed for the check and, in the same run, for
 * the naive rule "every number of the claim appears in the evidence": supported claims wrongly
 * rejected, not_supported and partially_supported claims caught, time per claim; then the same for
 * each half of the set (split by a hash of the claim: `tune` was looked at while building the check,
 * `held-out` was not) and, per rule, the rejections it causes on supported and the catches on
 * not_supported. The line `judge` is the honest test judge of `deepresearch/testing` (the check, then
 * most of the claim's content words in the evidence), for how often it would refuse a true sentence.
 * Usage: npx tsx bench/claim-support-wice.ts [--no-title] [--show rejected|missed|partial] [--split tune|held-out]
 *        [--data <wice-dev folder>]
 */
import { join } from 'node:path';
import {
  checkClaimAgainstQuotes,
  SUPPORT_PROBLEM_KINDS,
  type SupportProblemKind,
} from '../src/research/support/index.js';
import { honestJudgement } from '../src/testing/honest-judge.js';
import { readText, requireBenchmarkData } from './lib/benchmark-data.js';

interface Row {
  label: 'supported' | 'partially_supported' | 'not_supported';
  claim: string;
  evidence: string[];
  meta: { claim_title?: string };
}

interface Outcome {
  row: Row;
  split: 'tune' | 'held-out';
  rejected: boolean;
  kinds: Set<SupportProblemKind>;
  reasons: string[];
  /** Some figure, date or name the check rejected occurs nowhere in the evidence text, as written. */
  absent: boolean;
  naiveRejected: boolean;
  /** The test double `honestJudgement` (the check, then most content words shared) calls it not supported. */
  judgeRejected: boolean;
}

const argv = process.argv.slice(2);
const flag = (name: string) => {
  const index = argv.indexOf(name);
  return index === -1 ? undefined : argv[index + 1];
};
const useTitle = !argv.includes('--no-title');
const show = flag('--show');
const showSplit = flag('--split') ?? 'tune';

// `--data <folder>` reads WiCE from elsewhere (a worktree whose `../shared` is not the data's).
const folder = flag('--data') ?? requireBenchmarkData('wice-dev');
const rows = readText(join(folder, 'claims.jsonl'))
  .split('\n')
  .filter((line) => line.trim())
  .map((line) => JSON.parse(line) as Row);

/** FNV-1a of the claim: the same claim (WiCE repeats some, once per cited page) is always in the same half. */
function splitOf(claim: string): Outcome['split'] {
  let hash = 0x811c9dc5;
  for (let index = 0; index < claim.length; index += 1) {
    hash ^= claim.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % 2 === 0 ? 'tune' : 'held-out';
}

/**
 * The naive rule of the WiCE README, reproducing its figures (26 / 53 / 195): every run of digits
 * of the claim occurs somewhere in the evidence text.
 */
function naiveRejects(claim: string, evidence: readonly string[]): boolean {
  const text = evidence.join(' ');
  return (claim.match(/\d+/g) ?? []).some((digits) => !text.includes(digits));
}

/**
 * Whether words of a rejected item are nowhere in the evidence text: a run of its digits, or every
 * word of it (lower-cased). A rough reading of "the evidence does not state it", to tell the
 * check's refusals of what no evidence sentence says from its misreadings.
 */
function absentFrom(item: string, evidence: readonly string[]): boolean {
  const text = evidence.join(' ').toLowerCase();
  const digits = item.match(/\d+/g) ?? [];
  if (digits.length > 0) return digits.some((run) => !text.includes(run));
  const words = item.toLowerCase().match(/\p{L}{3,}/gu) ?? [];
  return words.length > 0 && words.every((word) => !text.includes(word));
}

const outcomes: Outcome[] = [];
let checkMilliseconds = 0;
let naiveMilliseconds = 0;
for (const row of rows) {
  let started = performance.now();
  const check = checkClaimAgainstQuotes(
    row.claim,
    row.evidence,
    useTitle ? { question: row.meta.claim_title } : {},
  );
  checkMilliseconds += performance.now() - started;
  started = performance.now();
  const naiveRejected = naiveRejects(row.claim, row.evidence);
  naiveMilliseconds += performance.now() - started;
  outcomes.push({
    row,
    split: splitOf(row.claim),
    rejected: !check.ok,
    kinds: new Set(check.problems.map((problem) => problem.kind)),
    reasons: check.problems.map((problem) => `${problem.kind}: ${problem.text}`),
    absent: check.problems.some((problem) => absentFrom(problem.text, row.evidence)),
    naiveRejected,
    judgeRejected:
      honestJudgement(row.claim, row.evidence, useTitle ? { question: row.meta.claim_title } : {}).verdict !==
      'supported',
  });
}

const share = (count: number, total: number) =>
  `${String(count).padStart(3)}/${String(total).padEnd(3)} ${((100 * count) / Math.max(total, 1)).toFixed(1).padStart(5)}%`;

function summary(title: string, selected: readonly Outcome[]): void {
  const byLabel = (label: Row['label']) => selected.filter((outcome) => outcome.row.label === label);
  const supported = byLabel('supported');
  const notSupported = byLabel('not_supported');
  const partial = byLabel('partially_supported');
  const line = (name: string, rejected: (outcome: Outcome) => boolean) =>
    `  ${name.padEnd(8)} supported wrongly rejected ${share(supported.filter(rejected).length, supported.length)}` +
    ` | not_supported caught ${share(notSupported.filter(rejected).length, notSupported.length)}` +
    ` | partially_supported caught ${share(partial.filter(rejected).length, partial.length)}`;
  console.log(`${title} (${selected.length} claims)`);
  console.log(line('check', (outcome) => outcome.rejected));
  console.log(line('naive', (outcome) => outcome.naiveRejected));
  console.log(line('judge', (outcome) => outcome.judgeRejected));
  const rejected = supported.filter((outcome) => outcome.rejected);
  console.log(
    `  of the check's ${rejected.length} rejections of supported claims, ${rejected.filter((outcome) => outcome.absent).length} name a figure, date or name whose digits or words occur nowhere in the evidence`,
  );
}

console.log(
  `WiCE dev, ${rows.length} claims; question = ${useTitle ? "the article's title" : 'none'}; tune/held-out split by a hash of the claim\n`,
);
summary('whole set', outcomes);
summary(
  'tune half',
  outcomes.filter((outcome) => outcome.split === 'tune'),
);
summary(
  'held-out half',
  outcomes.filter((outcome) => outcome.split === 'held-out'),
);

console.log(
  '\nper rule (whole set): claims with a problem of that kind · claims rejected for that kind alone',
);
console.log(
  `  ${'kind'.padEnd(13)} ${'supported rejected'.padEnd(22)} ${'not_supported caught'.padEnd(22)} partially caught`,
);
for (const kind of SUPPORT_PROBLEM_KINDS) {
  const cell = (label: Row['label']) => {
    const selected = outcomes.filter((outcome) => outcome.row.label === label);
    const any = selected.filter((outcome) => outcome.kinds.has(kind)).length;
    const alone = selected.filter((outcome) => outcome.kinds.has(kind) && outcome.kinds.size === 1).length;
    return `${any} · ${alone} alone`.padEnd(22);
  };
  console.log(
    `  ${kind.padEnd(13)} ${cell('supported')} ${cell('not_supported')} ${cell('partially_supported')}`,
  );
}
console.log(
  `\ntime per claim: check ${(checkMilliseconds / rows.length).toFixed(3)} ms (${(checkMilliseconds / 1000).toFixed(2)} s in all), naive ${(naiveMilliseconds / rows.length).toFixed(3)} ms`,
);

if (show) {
  const label =
    show === 'rejected' ? 'supported' : show === 'missed' ? 'not_supported' : 'partially_supported';
  const wanted = show === 'rejected';
  const listed = outcomes.filter(
    (outcome) => outcome.split === showSplit && outcome.row.label === label && outcome.rejected === wanted,
  );
  console.log(`\n${show} (${label}, ${showSplit} half): ${listed.length}`);
  for (const outcome of listed) {
    console.log(`\n- ${outcome.row.claim}  [title: ${outcome.row.meta.claim_title ?? ''}]`);
    if (outcome.reasons.length > 0) console.log(`  problems: ${outcome.reasons.join(' | ')}`);
  }
}
