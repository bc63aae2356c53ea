/**
 * Parity of `deepresearch eval`'s EM/F1 with the official SQuAD/HotpotQA scoring logic as Python 3
 * runs it (its `re`, `str.lower`, `string.punctuation` and `str.split` semantics), on random pairs
 * drawn from characters where JavaScript and Python differ if written naively: Unicode letters and
 * combining marks next to articles, ASCII and non-ASCII punctuation, Python-only and JS-only
 * whitespace, yes/no answers. Prints how many of N pairs differ. Needs python3 on the PATH.
 * Usage: npx tsx bench/eval-scorer-parity.ts [--limit N]
 */
import { spawnSync } from 'node:child_process';
import { exactMatch, normalizeAnswer, tokenF1 } from '../src/eval/index.js';
import { seededRandom } from '../src/shared/index.js';
import { parseBenchmarkOptions } from './lib/options.js';

// The official steps, spelled out as the scripts do them: lower, drop string.punctuation,
// \b(a|an|the)\b → ' ', ' '.join(split()); HotpotQA's yes/no/noanswer rule in F1.
const ORACLE = `
import json, re, string, sys
from collections import Counter
def normalize(s):
    s = s.lower()
    s = ''.join(ch for ch in s if ch not in set(string.punctuation))
    s = re.sub(r'\\b(a|an|the)\\b', ' ', s)
    return ' '.join(s.split())
def f1(p, g):
    np_, ng = normalize(p), normalize(g)
    if np_ in ['yes', 'no', 'noanswer'] and np_ != ng: return 0.0
    if ng in ['yes', 'no', 'noanswer'] and np_ != ng: return 0.0
    pt, gt = np_.split(), ng.split()
    same = sum((Counter(pt) & Counter(gt)).values())
    if same == 0: return 0.0
    pr, rc = same / len(pt), same / len(gt)
    return 2 * pr * rc / (pr + rc)
out = []
for p, g in json.load(sys.stdin):
    out.append([normalize(p), float(normalize(p) == normalize(g)), f1(p, g)])
json.dump(out, sys.stdout)
`;

const pieces = [
  'a',
  'an',
  'the',
  'The',
  'A',
  'yes',
  'no',
  'noanswer',
  'Yes',
  'NO',
  'cat',
  'Zürich',
  'ÉTÉ',
  'straße',
  'İstanbul',
  'ΣΟΦΟΣ',
  'naïve',
  '東京',
  '٣',
  'x',
  '1,200',
  '3.14',
  'rock-n-roll',
  "don't",
  'don’t',
  ' ',
  ' ',
  '  ',
  '\t',
  '\n',
  '\u00a0',
  '\u2009',
  '\u3000',
  '\u001c',
  '\u0085',
  '\ufeff',
  '\u200b',
  '.',
  ',',
  '!',
  '?',
  '(',
  ')',
  '"',
  "'",
  '-',
  '_',
  '–',
  '—',
  '…',
  '«',
  '»',
  '¿',
  '\u0301',
  '\u0308',
];

const options = parseBenchmarkOptions();
const count = Number.isFinite(options.limit) ? options.limit : 20_000;
const random = seededRandom(42);
const draw = () =>
  Array.from(
    { length: 1 + Math.floor(random() * 8) },
    () => pieces[Math.floor(random() * pieces.length)],
  ).join('');
// A third of the golds are the prediction upper-cased, so exact matches are common too.
const pairs = Array.from({ length: count }, () => {
  const prediction = draw();
  return [prediction, random() < 0.33 ? prediction.toUpperCase() : draw()] as const;
});

const python = spawnSync('python3', ['-c', ORACLE], { input: JSON.stringify(pairs), maxBuffer: 1 << 28 });
if (python.error || python.status !== 0) {
  console.log(
    `skipped: python3 is needed for the oracle (${python.error?.message ?? python.stderr.toString()})`,
  );
  process.exit(0);
}
const oracle = JSON.parse(python.stdout.toString()) as [string, number, number][];
let differences = 0;
pairs.forEach(([prediction, gold], index) => {
  const [normalised, em, f1] = oracle[index] as [string, number, number];
  const ours = {
    normalised: normalizeAnswer(prediction),
    em: exactMatch(prediction, gold),
    f1: tokenF1(prediction, gold).f1,
  };
  if (ours.normalised !== normalised || ours.em !== em || Math.abs(ours.f1 - f1) > 1e-12) {
    differences += 1;
    if (differences <= 5)
      console.log('differs:', JSON.stringify({ prediction, gold, ours, python: { normalised, em, f1 } }));
  }
});
const naive = pairs.filter(([prediction]) => {
  const js = prediction
    .toLowerCase()
    .replace(/[!-/:-@[-`{-~]/g, '')
    .replace(/\b(a|an|the)\b/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .join(' ');
  return js !== normalizeAnswer(prediction);
}).length;
console.log(
  `eval scorer parity with the official logic in Python ${spawnSync('python3', ['--version']).stdout.toString().trim()}: ${differences} of ${count} pairs differ (normalised text, EM or F1)`,
);
console.log(
  `a naive JavaScript port (ASCII \\b, JavaScript \\s) would normalise ${naive} of ${count} predictions differently`,
);
