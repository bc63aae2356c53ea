/**
 * The reader measured on sites it was not tuned on: the trafilatura eval set and WCXB dev, each split
 * into 5 folds by site (no site in two folds). Each variant of ours is scored on every fold; for each
 * fold the variant with the best score on the other four folds is chosen and scored on the held-out
 * fold, beside Readability on the same fold. Prints, per set, every fold's held-out F1 (trafilatura:
 * micro-averaged snippet F1; WCXB: mean per-page word F1), their mean ± sample standard deviation,
 * and each variant's whole-set figure (and its mean ± sd over the folds, were it always chosen).
 * Usage: npx tsx bench/reader-folds.ts [--every N] [--limit N] [--no-baseline] [--folds K]
 *        [--set trafilatura|wcxb]   (one set only)   [--variants <set>]   (which mechanism's variants: a set of
 *        `bench/lib/reader-variant-sets*.ts`, whose headers say what each measured; default repeats)
 */
import { extractHtmlWithDetails } from '../src/reader/html/index.js';
import { foldsByGroup } from './lib/cross-validation.js';
import { parseBenchmarkOptions } from './lib/options.js';
import { runReadability } from './lib/readability-baseline.js';
import {
  figureOf,
  meanAndSpread,
  type EvalPage as Page,
  type PageScore,
  trafilaturaPages,
  wcxbPages,
} from './lib/reader-eval-pages.js';
import { earlierVariantSets, type Variant } from './lib/reader-variant-sets.js';
import { ceilingVariantSets } from './lib/reader-variant-sets-ceiling.js';
import { classesVariantSets } from './lib/reader-variant-sets-classes.js';
import { cleanedVariantSets } from './lib/reader-variant-sets-cleaned.js';
import { cleaningVariantSets } from './lib/reader-variant-sets-cleaning.js';
import { forumVariantSets } from './lib/reader-variant-sets-forum.js';
import { glueVariantSets } from './lib/reader-variant-sets-glue.js';
import { indexVariantSets } from './lib/reader-variant-sets-index.js';
import { listsVariantSets } from './lib/reader-variant-sets-lists.js';
import { morningVariantSets } from './lib/reader-variant-sets-morning.js';
import { nightVariantSets } from './lib/reader-variant-sets-night.js';
import { outsideVariantSets } from './lib/reader-variant-sets-outside.js';
import { productVariantSets } from './lib/reader-variant-sets-product.js';
import { product3VariantSets } from './lib/reader-variant-sets-product3.js';
import { rootVariantSets } from './lib/reader-variant-sets-root.js';
import { selectshapeVariantSets } from './lib/reader-variant-sets-selectshape.js';
import { storyendVariantSets } from './lib/reader-variant-sets-storyend.js';
import { tokensVariantSets } from './lib/reader-variant-sets-tokens.js';
import { tokens2VariantSets } from './lib/reader-variant-sets-tokens2.js';
import { wideVariantSets } from './lib/reader-variant-sets-wide.js';

const options = parseBenchmarkOptions();
const foldFlag = process.argv.indexOf('--folds');
const foldCount = foldFlag === -1 ? 5 : Number.parseInt(process.argv[foldFlag + 1] ?? '5', 10);

const variantSetFiles: Record<string, Variant[]>[] = [
  earlierVariantSets,
  nightVariantSets,
  listsVariantSets,
  cleanedVariantSets,
  outsideVariantSets,
  wideVariantSets,
  classesVariantSets,
  morningVariantSets,
  tokensVariantSets,
  selectshapeVariantSets,
  indexVariantSets,
  rootVariantSets,
  productVariantSets,
  forumVariantSets,
  ceilingVariantSets,
  glueVariantSets,
  product3VariantSets,
  cleaningVariantSets,
  storyendVariantSets,
  tokens2VariantSets,
];
/** Every lane's sets by name; a name two files use would hide one set, so it stops the run. */
const variantSets: Record<string, Variant[]> = {};
for (const sets of variantSetFiles)
  for (const [name, set] of Object.entries(sets)) {
    if (variantSets[name]) throw new Error(`variant set ${name} is named twice: rename one in bench/lib/`);
    variantSets[name] = set;
  }
const variantFlag = process.argv.indexOf('--variants');
const variantSetName = variantFlag === -1 ? 'repeats' : (process.argv[variantFlag + 1] ?? 'repeats');
const chosenVariants = variantSets[variantSetName];
if (!chosenVariants)
  throw new Error(`--variants ${variantSetName}: known sets are ${Object.keys(variantSets).join(', ')}`);
const variants: { name: string; extract: (html: string, url: string) => string }[] = chosenVariants.map(
  ({ name, ...settings }) => ({
    name,
    extract: (html: string, url: string) => extractHtmlWithDetails(html, { url, ...settings }).page.text,
  }),
);

function measureSet(name: string, allPages: Page[]): void {
  const pages = allPages.filter((_, index) => index % options.every === 0).slice(0, options.limit);
  if (pages.length === 0) {
    console.log(`${name}: not found beside the repository; skipped.`);
    return;
  }
  const folds = foldsByGroup(
    pages.map((page) => page.site),
    foldCount,
  );
  const variantScores = variants.map(() => [] as PageScore[]);
  const baselineScores: PageScore[] = [];
  for (const page of pages) {
    const html = page.html();
    variants.forEach((variant, index) => {
      let text: string | undefined;
      try {
        text = variant.extract(html, page.url);
      } catch (error) {
        console.error(`${name}: ${variant.name} failed on ${page.url}:`, error);
      }
      variantScores[index]!.push(page.score(text));
    });
    if (options.baseline) baselineScores.push(page.score(runReadability(html)?.text));
  }
  const sites = new Set(pages.map((page) => page.site)).size;
  console.log(`\n${name}: ${pages.length} pages from ${sites} sites, ${foldCount} folds by site`);
  const inFold = (scores: PageScore[], fold: number, held: boolean) =>
    scores.filter((_, index) => (folds[index] === fold) === held);
  const heldOut: number[] = [];
  const baselineHeldOut: number[] = [];
  for (let fold = 0; fold < foldCount; fold++) {
    const training = variantScores.map((scores) => figureOf(inFold(scores, fold, false)));
    const chosen = training.indexOf(Math.max(...training));
    const figure = figureOf(inFold(variantScores[chosen]!, fold, true));
    heldOut.push(figure);
    const baseline = options.baseline ? figureOf(inFold(baselineScores, fold, true)) : Number.NaN;
    baselineHeldOut.push(baseline);
    const pagesInFold = folds.filter((value) => value === fold).length;
    console.log(
      `fold ${fold + 1}: ${String(pagesInFold).padStart(4)} pages  chosen on the other folds: ${variants[chosen]!.name.padEnd(24)}  held-out F1 ${figure.toFixed(3)}${options.baseline ? `  readability ${baseline.toFixed(3)}` : ''}`,
    );
  }
  console.log(`held-out F1 across folds: ours ${meanAndSpread(heldOut)}`);
  if (options.baseline)
    console.log(`                          readability ${meanAndSpread(baselineHeldOut)}`);
  for (const [index, variant] of variants.entries()) {
    const perFold = Array.from({ length: foldCount }, (_, fold) =>
      figureOf(inFold(variantScores[index]!, fold, true)),
    );
    console.log(
      `whole set, ${variant.name.padEnd(24)} F1 ${figureOf(variantScores[index]!).toFixed(4)}  (per fold, always this variant: ${perFold.map((value) => value.toFixed(3)).join(', ')}; ${meanAndSpread(perFold)})`,
    );
  }

  if (options.baseline)
    console.log(`whole set, readability            F1 ${figureOf(baselineScores).toFixed(3)}`);
}

const setFlag = process.argv.indexOf('--set');
const onlySet = setFlag === -1 ? undefined : process.argv[setFlag + 1];
if (onlySet === undefined || onlySet === 'trafilatura') measureSet('trafilatura-eval', trafilaturaPages());
if (onlySet === undefined || onlySet === 'wcxb') measureSet('WCXB dev', wcxbPages());
