/**
 * The reader measured on sites it was not tuned on: the trafilatura eval set and WCXB dev, each split
 * into 5 folds by site (no site in two folds). Each variant of ours is scored on every fold; for each
 * fold the variant with the best score on the other four folds is chosen and scored on the held-out
 * fold, beside Readability on the same fold. Prints, per set, every fold's held-out F1 (trafilatura:
 * micro-averaged snippet F1; WCXB: mean per-page word F1), their mean ± sample standard deviation,
 * and each variant's whole-set figure (and its mean ± sd over the folds, were it always chosen).
 * Usage: npx tsx bench/reader-folds.ts [--every N] [--limit N] [--no-baseline] [--folds K]
 *        [--set trafilatura|wcxb]   (one set only)   [--variants repeats|edges|posts|groups|panels|footer|insets|round|kinds|shop|frame|forum|tail|evening|groups|lists]   (which mechanism's variants)
 *
 * `--variants posts` on 2026-12-02 (2-core machine at load 11-21, `--no-baseline`): trafilatura
 * 0.9429 for every variant; WCXB whole set posts off 0.8646, all on 0.8664, all but wrapper forms
 * 0.8652, all but comments path 0.8659, all but post container 0.8661, all but signatures 0.8662,
 * all but faq 0.8663; held out by site 0.866 ± 0.017 (3 folds chose all on, one all but faq, one
 * all but signatures), posts off were it always chosen 0.865 ± 0.018.
 *
 * `--variants kinds` on 2026-12-02 (load 15, `--no-baseline`): WCXB whole set frame kept 0.8707,
 * footer out 0.8732, footer and banner out 0.8734; held out by site 0.873 ± 0.016 (4 folds chose
 * footer and banner out, one footer out) against 0.871 ± 0.018 frame kept; trafilatura 0.9446,
 * 0.9448, 0.9449, held out 0.945 ± 0.010.
 * `--variants shop` on 2026-12-02 (load 11-15, `--no-baseline`): WCXB whole set furniture stays
 * 0.8707, goes with 250 or 500 characters left 0.8734, with 1000 0.8730; held out by site 0.873 ±
 * 0.016 (every fold chose a rest of 250, tied with 500) against 0.871 ± 0.018 were it always kept;
 * trafilatura 0.9446 kept, 0.9448 for every rest, held out 0.945 ± 0.010.
 * `--variants forum` on 2026-12-02 (load 9-14, `--no-baseline`): trafilatura 0.9446 for every variant;
 * WCXB forum off 0.8707, named posts only 0.8707, panels of 3 or 5 toggles 0.8716, of 10 0.8712; held
 * out by site 0.872 ± 0.017 (every fold chose panels of 3, which ties with 5), off 0.871 ± 0.018.
 * `--variants lists` on 2026-12-02 (load ~10, `--no-baseline`): WCXB whole set listing items off
 * 0.8753, on 0.8767, held out by site 0.877 ± 0.013 (every fold chose on) against 0.875 ± 0.013;
 * trafilatura off 0.9473, on 0.9468 (3 false positives more), held out 0.947 ± 0.009 (every fold off).
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  extractHtmlWithDetails,
  INSET_LIMITS,
  KEPT_FURNITURE_LIMITS,
  LISTING_ITEM_LIMITS,
  MAIN_RUN_LIMITS,
  STORY_EDGE_LIMITS,
  STORY_TAIL_LIMITS,
  type StoryEdgeLimits,
} from '../src/reader/html/index.js';
import { benchmarkDataPath, readHtml, readJson, readTrafilaturaPage } from './lib/benchmark-data.js';
import { foldsByGroup } from './lib/cross-validation.js';
import { parseBenchmarkOptions } from './lib/options.js';
import { runReadability } from './lib/readability-baseline.js';
import {
  addSnippetCounts,
  bagOfWordsScores,
  emptySnippetCounts,
  type SnippetCounts,
  snippetScores,
} from './lib/text-metrics.js';

const options = parseBenchmarkOptions();
const foldFlag = process.argv.indexOf('--folds');
const foldCount = foldFlag === -1 ? 5 : Number.parseInt(process.argv[foldFlag + 1] ?? '5', 10);

/** One page of a set: its site (the fold key), how to read it and how to score a text against it. */
interface Page {
  site: string;
  url: string;
  html: () => string;
  /** What the page adds to its fold's score, for a text (undefined: nothing extracted). */
  score: (text: string | undefined) => PageScore;
}

/** A page's contribution: snippet counts (trafilatura) or one page's word F1 (WCXB). */
type PageScore = { kind: 'snippets'; counts: SnippetCounts } | { kind: 'word-f1'; f1: number };

/** The variants of ours among which a fold's training sites choose, by `--variants`. `edges`: where
 * the story starts and ends (see `src/reader/html/story-edges.ts`), and the main run's limits
 * before it; `repeats` (the default): a thread's tidying (what it shows twice, the links after its last post) and the text a
 * page marks as not its own (`CleanOptions.pageMarks`), each on or off;
 * `groups`: a listing's cards judged with their look-alikes when cleaning, off or on. */
const edgesAt = (edges: Partial<StoryEdgeLimits>) => ({
  ...MAIN_RUN_LIMITS,
  edges: { ...STORY_EDGE_LIMITS, ...edges },
});
/** Every way of finding a thread's posts off (see `PostMechanisms`). */
const POSTS_OFF = {
  wrapperForms: false,
  faqIsNotThread: false,
  commentsPath: false,
  postContainer: false,
  longSignatures: false,
};
/** A variant: its name and the options it sets. */
type Variant = { name: string } & Omit<Parameters<typeof extractHtmlWithDetails>[1], 'url'>;
const variantSets: Record<string, Variant[]> = {
  edges: [
    { name: 'edges off', mainRun: { ...MAIN_RUN_LIMITS, edges: false as const } },
    // A share below 0: the frame never applies.
    { name: 'headline only', mainRun: edgesAt({ frameShare: -1 }) },
    { name: 'frame +1, ≤0.5', mainRun: edgesAt({ frameShare: 0.5 }) },
    { name: 'frame +1, ≤1', mainRun: edgesAt({ frameShare: 1 }) },
    { name: 'frame +1, any share', mainRun: edgesAt({ frameShare: Number.POSITIVE_INFINITY }) },
  ],
  // Tabs' and accordions' hidden panels shown (see `src/reader/html/disclosed-panels.ts`), or not.
  panels: [
    { name: 'panels hidden', panels: false },
    { name: 'panels shown (shipped)', panels: true },
  ],
  // The page's footer among the candidates for content, or not (see `src/reader/html/page-footer.ts`).
  footer: [
    { name: 'footer a candidate', footer: false },
    { name: 'footer no candidate (shipped)', footer: true },
  ],
  // Boxes set among a story's paragraphs (see `src/reader/html/inset-boxes.ts`).
  insets: [
    { name: 'insets off', insets: false },
    { name: 'insets classed only', insets: { ...INSET_LIMITS, classed: true } },
    { name: 'insets any (shipped)', insets: INSET_LIMITS },
    { name: 'insets any, ×2', insets: { ...INSET_LIMITS, maxRepeats: 2 } },
    {
      name: 'insets any, ×2, ≤1000',
      insets: { ...INSET_LIMITS, maxRepeats: 2, maxLength: 1000, maxShare: 0.3 },
    },
  ],
  // What follows the story's element (see `src/reader/html/story-tail.ts`): kept, or cut on
  // articles only or on every page, with the story holding more or less of the prose.
  tail: [
    { name: 'tail kept', tail: false },
    {
      name: 'articles, story ≥0.7',
      tail: { ...STORY_TAIL_LIMITS, storyShare: 0.7, afterShare: 0.5, articleOnly: true },
    },
    {
      name: 'any page, story ≥0.7',
      tail: { ...STORY_TAIL_LIMITS, storyShare: 0.7, afterShare: 0.5, articleOnly: false },
    },
    {
      name: 'any page, story ≥0.6',
      tail: { ...STORY_TAIL_LIMITS, storyShare: 0.6, afterShare: 0.7, articleOnly: false },
    },
    { name: 'any page, story ≥0.5 (shipped)', tail: STORY_TAIL_LIMITS },
  ],
  // Every mechanism of 2026-12-02's round (posts, item groups, panels, footer, insets) off, or shipped.
  round: [
    {
      name: 'round off',
      posts: POSTS_OFF,
      itemGroups: false,
      panels: false,
      footer: false,
      insets: false,
    },
    { name: 'round on (shipped)' },
  ],
  repeats: [
    { name: 'thread and marks off', thread: false, pageMarks: false },
    { name: 'thread only', thread: true, pageMarks: false },
    { name: 'page marks only', thread: false, pageMarks: true },
    { name: 'both (shipped)', thread: true, pageMarks: true },
  ],
  // How a thread's posts are found (see `PostMechanisms` in src/reader/html/thread-posts.ts): all
  // off, all on, and each left out in turn.
  posts: [
    {
      name: 'posts off',
      posts: POSTS_OFF,
    },
    { name: 'all but wrapper forms', posts: { wrapperForms: false } },
    { name: 'all but faq', posts: { faqIsNotThread: false } },
    { name: 'all but comments path', posts: { commentsPath: false } },
    { name: 'all but post container', posts: { postContainer: false } },
    { name: 'all but signatures', posts: { longSignatures: false } },
    { name: 'posts all (shipped)', posts: {} },
  ],
  // The page's frame taken out of the chosen content (see `page-frame.ts`): none, its footer, or
  // its footer and banner.
  kinds: [
    { name: 'frame kept', pageFrame: false },
    { name: 'footer out', pageFrame: { banner: false } },
    { name: 'footer and banner out (shipped)', pageFrame: { banner: true } },
  ],
  // Large furniture kept by cleaning leaves the chosen content (see `kept-furniture.ts`).
  shop: [
    { name: 'kept furniture stays', keptFurniture: false },
    { name: 'furniture goes, rest ≥250', keptFurniture: { ...KEPT_FURNITURE_LIMITS, minRest: 250 } },
    { name: 'furniture goes, rest ≥500 (shipped)', keptFurniture: KEPT_FURNITURE_LIMITS },
    { name: 'furniture goes, rest ≥1000', keptFurniture: { ...KEPT_FURNITURE_LIMITS, minRest: 1000 } },
  ],
  // The page's frame and its large furniture, each alone or both, out of the chosen content.
  frame: [
    { name: 'frame and furniture stay', pageFrame: false, keptFurniture: false },
    { name: 'frame out', keptFurniture: false },
    { name: 'furniture out', pageFrame: false },
    { name: 'both out (shipped)' },
  ],
  // What makes a discussion page (see `src/reader/html/named-posts.ts`) and which set-apart blocks
  // are panels of settings (see `src/reader/html/settings-panels.ts`).
  forum: [
    { name: 'forum off', namedPosts: false, settingsPanels: false },
    { name: 'named posts only', settingsPanels: false },
    { name: 'panels of 3 toggles', settingsPanels: 3 },
    { name: 'panels of 5 (shipped)', settingsPanels: 5 },
    { name: 'panels of 10', settingsPanels: 10 },
  ],
  // This evening's five mechanisms (page frame, kept furniture, named posts, settings panels, story
  // tail) all off, or all shipped.
  evening: [
    {
      name: 'evening off',
      pageFrame: false,
      keptFurniture: false,
      namedPosts: false,
      settingsPanels: false,
      tail: false,
    },
    { name: 'evening on (shipped)' },
  ],
  // A listing's cards judged with their look-alikes when cleaning (see `item-groups.ts`).
  groups: [
    { name: 'item groups off', itemGroups: false },
    { name: 'item groups (shipped)', itemGroups: true },
  ],
  // A listing's items judged as the listing's when pruning (see `listing-items.ts`), off or on.
  lists: [
    { name: 'listing items off (shipped)', listingItems: false },
    { name: 'items ≥0.3, on stories ≥0.6 without prose', listingItems: LISTING_ITEM_LIMITS },
  ],
};
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

function siteOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}

function trafilaturaPages(): Page[] {
  const folder = benchmarkDataPath('trafilatura-eval');
  if (!existsSync(folder)) return [];
  const entries = Object.entries(
    readJson<Record<string, { file: string; with: string[]; without: string[] }>>(
      join(folder, 'evaldata.json'),
    ),
  );
  return entries.map(([url, entry]) => ({
    site: siteOf(url),
    url,
    html: () => readTrafilaturaPage(folder, entry.file),
    score: (text) => {
      const counts = emptySnippetCounts();
      addSnippetCounts(counts, text, entry);
      return { kind: 'snippets', counts };
    },
  }));
}

function wcxbPages(): Page[] {
  const folder = benchmarkDataPath('wcxb/dev');
  if (!existsSync(folder)) return [];
  return readdirSync(join(folder, 'ground-truth'))
    .sort()
    .map((name) => {
      const truth = readJson<{ url: string; ground_truth: { main_content?: string | null } }>(
        join(folder, 'ground-truth', name),
      );
      const reference = truth.ground_truth.main_content ?? '';
      return {
        site: siteOf(truth.url),
        url: truth.url,
        html: () => readHtml(join(folder, 'html', `${name.replace(/\.json$/, '')}.html.gz`)),
        score: (text) => ({ kind: 'word-f1', f1: bagOfWordsScores(text ?? '', reference).f1 }),
      };
    });
}

/** The set's figure over some pages' scores: micro-averaged snippet F1, or the mean word F1. */
function figureOf(scores: readonly PageScore[]): number {
  if (scores.length === 0) return Number.NaN;
  if (scores[0]?.kind === 'word-f1')
    return scores.reduce((sum, score) => sum + (score.kind === 'word-f1' ? score.f1 : 0), 0) / scores.length;
  const total = emptySnippetCounts();
  for (const score of scores) {
    if (score.kind !== 'snippets') continue;
    total.truePositives += score.counts.truePositives;
    total.falseNegatives += score.counts.falseNegatives;
    total.falsePositives += score.counts.falsePositives;
    total.trueNegatives += score.counts.trueNegatives;
  }
  return snippetScores(total).f1;
}

function meanAndSpread(values: readonly number[]): string {
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  const variance =
    values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / Math.max(values.length - 1, 1);
  return `${mean.toFixed(3)} ± ${Math.sqrt(variance).toFixed(3)}`;
}

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
