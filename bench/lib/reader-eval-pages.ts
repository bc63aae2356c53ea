/**
 * The pages of the two extraction sets beside the repository, each with its site (the fold key) and
 * how a text scores against its reference: trafilatura's snippets, WCXB's words.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseHTML } from 'linkedom';
import { benchmarkDataPath, readHtml, readJson, readTrafilaturaPage } from './benchmark-data.js';
import {
  addSnippetCounts,
  bagOfWordsScores,
  emptySnippetCounts,
  type SnippetCounts,
  snippetScores,
} from './text-metrics.js';

/** One page of a set: its site (the fold key), how to read it and how to score a text against it. */
export interface EvalPage {
  /** `readability`: Readability's own test pages, used to train and never scored as a set here. */
  set: 'trafilatura' | 'wcxb' | 'readability';
  site: string;
  url: string;
  html: () => string;
  /** trafilatura: the snippets the text must and must not hold; WCXB: the reference text. */
  reference: { with: string[]; without: string[] } | { main: string };
  /** What the page adds to its fold's score, for a text (undefined: nothing extracted). */
  score: (text: string | undefined) => PageScore;
}

/** A page's contribution: snippet counts (trafilatura) or one page's word F1 (WCXB). */
export type PageScore = { kind: 'snippets'; counts: SnippetCounts } | { kind: 'word-f1'; f1: number };

export function siteOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}

/** The trafilatura eval set's pages; none when the set is not beside the repository. */
export function trafilaturaPages(): EvalPage[] {
  const folder = benchmarkDataPath('trafilatura-eval');
  if (!existsSync(folder)) return [];
  const entries = Object.entries(
    readJson<Record<string, { file: string; with: string[]; without: string[] }>>(
      join(folder, 'evaldata.json'),
    ),
  );
  return entries.map(([url, entry]) => ({
    set: 'trafilatura',
    site: siteOf(url),
    url,
    html: () => readTrafilaturaPage(folder, entry.file),
    reference: { with: entry.with, without: entry.without },
    score: (text) => {
      const counts = emptySnippetCounts();
      addSnippetCounts(counts, text, entry);
      return { kind: 'snippets', counts };
    },
  }));
}

/** WCXB dev's pages; none when the set is not beside the repository. */
export function wcxbPages(): EvalPage[] {
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
        set: 'wcxb',
        site: siteOf(truth.url),
        url: truth.url,
        html: () => readHtml(join(folder, 'html', `${name.replace(/\.json$/, '')}.html.gz`)),
        reference: { main: reference },
        score: (text) => ({ kind: 'word-f1', f1: bagOfWordsScores(text ?? '', reference).f1 }),
      };
    });
}

/** A page's own address from its `<link rel="canonical">` or `og:url`, when it names one. */
function declaredAddressOf(html: string): string | undefined {
  const tag = /<link[^>]*rel=["']canonical["'][^>]*>|<meta[^>]*property=["']og:url["'][^>]*>/i.exec(
    html,
  )?.[0];
  const address = tag && /(?:href|content)=["']([^"']+)["']/i.exec(tag)?.[1];
  return address && /^https?:\/\//i.test(address) ? address : undefined;
}

/** The text of a Readability test page's expected content (`expected.html`, its output on jsdom). */
export function readabilityExpectedText(folder: string, name: string): string {
  const expected = readHtml(join(folder, name, 'expected.html'));
  return parseHTML(`<!DOCTYPE html><html><body>${expected}</body></html>`).document.body.textContent ?? '';
}

/**
 * @mozilla/readability's test pages with its expected content as the reference: articles of some
 * hundred sites. Their site is the page's declared address, else the folder's name without its
 * number (`nytimes-2` → `nytimes`), so a caller can keep them in the fold of the same site elsewhere.
 */
export function readabilityTestPages(): EvalPage[] {
  const folder = benchmarkDataPath('mozilla-readability-testpages');
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const source = join(folder, name, 'source.html');
      const address = declaredAddressOf(readHtml(source));
      const reference = readabilityExpectedText(folder, name);
      return {
        set: 'readability' as const,
        site: address ? siteOf(address) : name.replace(/-\d+$/, ''),
        url: address ?? `http://fakehost/test/${name}/`,
        html: () => readHtml(source),
        reference: { main: reference },
        score: (text: string | undefined) => ({
          kind: 'word-f1' as const,
          f1: bagOfWordsScores(text ?? '', reference).f1,
        }),
      };
    });
}

/** The set's figure over some pages' scores: micro-averaged snippet F1, or the mean word F1. */
export function figureOf(scores: readonly PageScore[]): number {
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

/** Mean ± sample standard deviation, to three places. */
export function meanAndSpread(values: readonly number[]): string {
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  const variance =
    values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / Math.max(values.length - 1, 1);
  return `${mean.toFixed(3)} ± ${Math.sqrt(variance).toFixed(3)}`;
}
