/**
 * Trains the reader's unit filter (`src/reader/html/unit-filter.ts`) and measures it on sites it was
 * not trained on. Every page of both extraction sets is read with the filter off; each unit of its
 * chosen content is labelled from the page's reference — WCXB: content when at least half its words
 * are in the reference; trafilatura: content when it holds (or is part of) a `with` snippet, not when
 * a `without` one, else unlabelled — and boosted trees learn the label from the unit's features.
 * Readability's own test pages (labelled as WCXB's, from their expected content) add stories to learn
 * from and are never scored. The scored pages are split into 5 folds by site (both sets together, no
 * site in two folds; a Readability page joins the fold of its site); each fold is read again with a
 * model trained on the other four, and its figure set against the filter off. The threshold is not
 * tuned: a unit goes when the model finds it more likely not content than content (with
 * `--thresholds 0.35,0.5,0.65`, each fold's is chosen among these on its training folds alone).
 * Also prints the ceiling of any unit filter: the units the reference does not hold dropped exactly.
 * With `--screen 60x3,150x3`, each rounds×depth setting is screened first on the units alone: every
 * unit scored by a model trained on the other folds (5 by site with `--folds 0`), without reading
 * the pages again.
 * Usage: npx tsx bench/reader-unit-model.ts [--every N] [--limit N] [--folds K]   (`--folds 0`: none)
 *        [--screen RxD,…] [--thresholds P,…] [--stories-only] [--without-readability-pages]
 *        [--write]   (then train on every page and write src/reader/html/unit-model.ts)
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { extractHtmlWithDetails } from '../src/reader/html/index.js';
import { UNIT_FEATURES } from '../src/reader/html/unit-features.js';
import { contentProbabilityOf, type UnitModel } from '../src/reader/html/unit-filter.js';
import { type LabelledRow, trainBoostedTrees } from './lib/boosted-trees.js';
import { foldOfUnseenGroup, foldsByGroup } from './lib/cross-validation.js';
import { parseBenchmarkOptions } from './lib/options.js';
import {
  type EvalPage,
  figureOf,
  meanAndSpread,
  type PageScore,
  readabilityTestPages,
  trafilaturaPages,
  wcxbPages,
} from './lib/reader-eval-pages.js';
import { bagOfWords, normalizeWhitespace } from './lib/text-metrics.js';

/** A unit goes below this probability of being content: the even odds, not a tuned figure. */
const KEEP_FROM = 0.5;
/** A trafilatura unit shorter than this is not taken as a piece of a longer snippet. */
const LEAST_SNIPPET_PIECE = 15;

const options = parseBenchmarkOptions();
const foldFlag = process.argv.indexOf('--folds');
const foldCount = foldFlag === -1 ? 5 : Number.parseInt(process.argv[foldFlag + 1] ?? '5', 10);
const write = process.argv.includes('--write');
/** With `--stories-only`, the filter acts on plain stories alone, as it did before 2026-12-04. */
const beyondStories = !process.argv.includes('--stories-only');
const thresholdFlag = process.argv.indexOf('--thresholds');
/** With `--thresholds 0.4,0.5,0.6`, each fold's threshold is chosen among these on its training folds. */
const thresholds =
  thresholdFlag === -1
    ? [KEEP_FROM]
    : (process.argv[thresholdFlag + 1] ?? '').split(',').map((text) => {
        const value = Number(text);
        if (!(value > 0 && value < 1))
          throw new Error(`--thresholds takes probabilities like 0.4,0.5,0.6, not "${text}"`);
        return value;
      });
const screenFlag = process.argv.indexOf('--screen');
const screened = screenFlag === -1 ? [] : (process.argv[screenFlag + 1] ?? '').split(',').map(settingOf);

/** A screened setting from `RxD` (rounds × depth), or an error naming the expected form. */
function settingOf(text: string): { rounds: number; depth: number } {
  const match = /^(\d+)x(\d+)$/.exec(text.trim());
  if (!match) throw new Error(`--screen takes settings like 60x3,150x3 (rounds x depth), not "${text}"`);
  return { rounds: Number(match[1]), depth: Number(match[2]) };
}

/** A unit's label and weight; undefined when the page's reference is silent on it. */
type Labeller = (text: string) => { label: 0 | 1; weight: number } | undefined;

/** How a page's units are labelled from its reference, read once for all of them. */
function labellerOf(page: EvalPage): Labeller {
  const { reference } = page;
  if ('main' in reference) {
    const referenceWords = bagOfWords(reference.main);
    return (text) => {
      let count = 0;
      let found = 0;
      for (const [word, times] of bagOfWords(text)) {
        count += times;
        found += Math.min(times, referenceWords.get(word) ?? 0);
      }
      if (count === 0 || referenceWords.size === 0) return undefined;
      // Longer units weigh more, but not in proportion: the set's score is per page.
      return { label: found / count >= 0.5 ? 1 : 0, weight: Math.sqrt(count) };
    };
  }
  const withs = reference.with.map(normalizeWhitespace);
  const withouts = reference.without.map(normalizeWhitespace);
  return (text) => {
    const normalized = normalizeWhitespace(text);
    const matches = (wanted: string) =>
      normalized.includes(wanted) ||
      (normalized.length >= LEAST_SNIPPET_PIECE && wanted.includes(normalized));
    const kept = withs.some(matches);
    const left = withouts.some(matches);
    if (kept === left) return undefined;
    return { label: kept ? 1 : 0, weight: 1 };
  };
}

const scoredPages = [...trafilaturaPages(), ...wcxbPages()]
  .filter((_, index) => index % options.every === 0)
  .slice(0, options.limit);
// Readability's test pages: more stories to learn from, never scored (`--without-readability-pages`).
const trainingOnly = process.argv.includes('--without-readability-pages') ? [] : readabilityTestPages();
const pages = [...scoredPages, ...trainingOnly];
if (scoredPages.length === 0) {
  console.log(
    'Neither extraction set is beside the repository (../shared/benchmark-data): nothing to train on.',
  );
  process.exit(0);
}

// Every page read once with the filter off: its score, and its labelled units.
const rowsOfPage: LabelledRow[][] = [];
const baseScores: PageScore[] = [];
/** The ceiling of any unit filter: each page's units without exactly those its reference does not hold. */
const oracleScores: PageScore[] = [];
for (const page of pages) {
  const details = extractHtmlWithDetails(page.html(), {
    url: page.url,
    unitFilter: false,
    describeUnits: true,
  });
  baseScores.push(page.score(details.page.text));
  const rows: LabelledRow[] = [];
  const oracleKept: string[] = [];
  const labelOf = labellerOf(page);
  for (const unit of details.units ?? []) {
    const labelled = labelOf(unit.text);
    if (labelled) rows.push({ features: unit.features, ...labelled });
    if (labelled?.label !== 0) oracleKept.push(unit.text);
  }
  rowsOfPage.push(rows);
  // A page whose text is its description has no units: the oracle keeps its text.
  oracleScores.push(page.score(details.units?.length ? oracleKept.join('\n\n') : details.page.text));
}
// Each set weighs the same in training: trafilatura labels a few units a page, WCXB every one.
const weightOf = (set: EvalPage['set']) =>
  pages.reduce(
    (sum, page, index) =>
      sum + (page.set === set ? rowsOfPage[index]!.reduce((total, row) => total + row.weight, 0) : 0),
    0,
  );
const trafilaturaScale = weightOf('wcxb') / Math.max(weightOf('trafilatura'), 1e-9);
pages.forEach((page, index) => {
  if (page.set === 'trafilatura' && Number.isFinite(trafilaturaScale) && trafilaturaScale > 0)
    for (const row of rowsOfPage[index]!) row.weight *= trafilaturaScale;
});
const labelled = rowsOfPage.flat();
console.log(
  `${pages.length} pages, ${labelled.length} labelled units (${labelled.filter((row) => row.label === 0).length} not content); trafilatura's units weigh ${trafilaturaScale.toFixed(1)} each`,
);

const train = (rows: LabelledRow[], setting?: { rounds: number; depth: number }): UnitModel =>
  trainBoostedTrees(rows, { names: UNIT_FEATURES, ...setting });
if (screened.length > 0) screenSettings();
if (foldCount > 0) measureByFolds();

/**
 * The fold of every page: the scored sets split by site as they always are (the training-only pages
 * do not move them), and each training-only page in the fold of its site in the scored sets — by
 * host, or by the host's first label (`nytimes` → `nytimes.com`) — else in the one its site's hash names.
 */
function foldsOf(count: number): number[] {
  const folds = foldsByGroup(
    scoredPages.map((page) => page.site),
    count,
  );
  const foldOfSite = new Map<string, number>();
  scoredPages.forEach((page, index) => {
    foldOfSite.set(page.site, folds[index]!);
    const label = page.site.split('.')[0]!;
    if (!foldOfSite.has(label)) foldOfSite.set(label, folds[index]!);
  });
  for (const page of trainingOnly) {
    const fold =
      foldOfSite.get(page.site) ??
      foldOfSite.get(page.site.split('.')[0]!) ??
      foldOfUnseenGroup(page.site, count);
    folds.push(fold);
  }
  return folds;
}

/** What the screen adds up for one set: log loss, and units of each label and those that would go. */
function emptyTally() {
  return { loss: 0, weight: 0, negatives: 0, positives: 0, negativesGone: 0, positivesGone: 0 };
}

/**
 * Each setting on the units alone, held out by site: the weighted log loss of every labelled unit
 * scored by a model trained on the other folds, and how many not-content and content units (by
 * weight; a trafilatura unit counts one) would go at the shipped threshold.
 */
function screenSettings(): void {
  // The same folds as the measure below; 5 when the pages are not read again (`--folds 0`).
  const foldTotal = foldCount > 1 ? foldCount : 5;
  const folds = foldsOf(foldTotal);
  for (const setting of screened) {
    const bySet = new Map<string, ReturnType<typeof emptyTally>>();
    for (let fold = 0; fold < foldTotal; fold++) {
      const model = train(rowsOfPage.filter((_, index) => folds[index] !== fold).flat(), setting);
      pages.forEach((page, index) => {
        if (folds[index] !== fold) return;
        const tally = bySet.get(page.set) ?? emptyTally();
        bySet.set(page.set, tally);
        for (const row of rowsOfPage[index]!) {
          const probability = Math.min(1 - 1e-6, Math.max(1e-6, contentProbabilityOf(model, row.features)));
          const weight = page.set === 'trafilatura' ? 1 : row.weight;
          tally.loss -= weight * Math.log(row.label === 1 ? probability : 1 - probability);
          tally.weight += weight;
          const gone = probability < KEEP_FROM ? weight : 0;
          if (row.label === 1) {
            tally.positives += weight;
            tally.positivesGone += gone;
          } else {
            tally.negatives += weight;
            tally.negativesGone += gone;
          }
        }
      });
    }
    for (const [set, tally] of bySet)
      console.log(
        `screen ${setting.rounds}x${setting.depth} ${set}: log loss ${(tally.loss / tally.weight).toFixed(4)}, not content gone ${(tally.negativesGone / tally.negatives).toFixed(3)} (${tally.negativesGone.toFixed(0)}), content gone ${(tally.positivesGone / tally.positives).toFixed(4)} (${tally.positivesGone.toFixed(0)})`,
      );
  }
}

/** Each fold read with a model trained on the others, against the filter off. */
function measureByFolds(): void {
  const folds = foldsOf(foldCount);
  const filteredScores: PageScore[] = new Array(pages.length);
  const scoredIn = (accepts: (fold: number) => boolean) =>
    pages
      .map((_, index) => index)
      .filter((index) => pages[index]!.set !== 'readability' && accepts(folds[index]!));
  /** The pages' scores read with a model at a threshold. */
  const readWith = (indexes: number[], model: UnitModel, keepFrom: number, into: PageScore[]) => {
    for (const index of indexes) {
      const page = pages[index]!;
      const details = extractHtmlWithDetails(page.html(), {
        url: page.url,
        unitFilter: { model, keepFrom, beyondStories },
      });
      into[index] = page.score(details.page.text);
    }
  };
  const chosen: number[] = [];
  for (let fold = 0; fold < foldCount; fold++) {
    const keepFrom = thresholds.length > 1 ? thresholdChosenWithout(fold) : thresholds[0]!;
    chosen.push(keepFrom);
    const model = train(rowsOfPage.filter((_, index) => folds[index] !== fold).flat());
    readWith(
      scoredIn((other) => other === fold),
      model,
      keepFrom,
      filteredScores,
    );
  }
  if (thresholds.length > 1) console.log(`thresholds chosen on the training folds: ${chosen.join(', ')}`);

  /**
   * The threshold for a fold, chosen on the other folds alone: each of them read with a model trained
   * on the rest (never on the fold held out), at every candidate; the one with the best mean of the
   * two sets' figures wins, the earlier candidate on a tie.
   */
  function thresholdChosenWithout(heldOut: number): number {
    const scores = thresholds.map(() => new Array<PageScore>(pages.length));
    for (let inner = 0; inner < foldCount; inner++) {
      if (inner === heldOut) continue;
      const model = train(
        rowsOfPage.filter((_, index) => folds[index] !== heldOut && folds[index] !== inner).flat(),
      );
      const inFold = scoredIn((other) => other === inner);
      thresholds.forEach((keepFrom, candidate) => {
        readWith(inFold, model, keepFrom, scores[candidate]!);
      });
    }
    const training = scoredIn((other) => other !== heldOut);
    const figures = scores.map((candidateScores) => {
      const bySet = ['trafilatura', 'wcxb'].map((set) =>
        figureOf(
          training.filter((index) => pages[index]!.set === set).map((index) => candidateScores[index]!),
        ),
      );
      const present = bySet.filter((figure) => !Number.isNaN(figure));
      return present.reduce((sum, figure) => sum + figure, 0) / Math.max(present.length, 1);
    });
    console.log(
      `fold ${heldOut}: on the training folds ${thresholds.map((keepFrom, candidate) => `${keepFrom} → ${figures[candidate]!.toFixed(4)}`).join(', ')}`,
    );
    return thresholds[figures.indexOf(Math.max(...figures))]!;
  }

  for (const set of ['trafilatura', 'wcxb'] as const) {
    const inSet = pages.map((_, index) => index).filter((index) => pages[index]!.set === set);
    if (inSet.length === 0) continue;
    const pick = (scores: PageScore[], indexes: number[]) => indexes.map((index) => scores[index]!);
    const off: number[] = [];
    const on: number[] = [];
    for (let fold = 0; fold < foldCount; fold++) {
      const inFold = inSet.filter((index) => folds[index] === fold);
      off.push(figureOf(pick(baseScores, inFold)));
      on.push(figureOf(pick(filteredScores, inFold)));
    }
    console.log(
      `\n${set}: ${inSet.length} pages, ${new Set(inSet.map((index) => pages[index]!.site)).size} sites`,
    );
    console.log(
      `  per fold, off → held-out model: ${off.map((value, fold) => `${value.toFixed(3)} → ${on[fold]!.toFixed(3)}`).join(', ')}`,
    );
    console.log(`  held out across folds: off ${meanAndSpread(off)}, on ${meanAndSpread(on)}`);
    console.log(
      `  whole set: off ${figureOf(pick(baseScores, inSet)).toFixed(4)}, on (each page by the model that did not see its site) ${figureOf(pick(filteredScores, inSet)).toFixed(4)}; the units the reference does not hold dropped exactly (the ceiling of any unit filter) ${figureOf(pick(oracleScores, inSet)).toFixed(4)}`,
    );
  }
}

if (write) {
  const model = train(labelled);
  const path = fileURLToPath(new URL('../src/reader/html/unit-model.ts', import.meta.url));
  writeFileSync(path, modelSource(model, `${pages.length} pages, ${labelled.length} labelled units`));
  console.log(`\nwrote ${path}`);
}

/**
 * The model as a module: its trees as one JSON string (a formatter would spread a literal over
 * thousands of lines), parsed once when the reader is loaded.
 */
function modelSource(model: UnitModel, trainedOn: string): string {
  return `import type { UnitFilterLimits, UnitModel } from './unit-filter.js';

/**
 * The unit filter's model, trained on every page of the trafilatura eval set, WCXB dev and
 * Readability's test pages by \`npx tsx bench/reader-unit-model.ts --write\` (${trainedOn}):
 * ${model.trees.length} trees of depth 3 over \`UNIT_FEATURES\`. Written by that script; train again rather than edit.
 */
export const UNIT_MODEL: UnitModel = JSON.parse(
  ${JSON.stringify(JSON.stringify(model))},
);

/**
 * A unit goes when the model finds it more likely not content than content; beyond plain stories,
 * only a unit with no look-alikes.
 */
export const UNIT_FILTER_LIMITS: UnitFilterLimits = {
  model: UNIT_MODEL,
  keepFrom: ${KEEP_FROM},
  beyondStories: ${beyondStories},
};
`;
}
