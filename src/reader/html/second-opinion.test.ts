import { describe, expect, it } from 'vitest';
import { extractHtmlWithDetails } from './index.js';
import {
  bestDisagreeingBodyF1,
  type CandidateEvidence,
  isDoubtful,
  mayPreferSecond,
  type PageClues,
  prefersSecond,
} from './second-opinion.js';
import { wordsOf } from './word-share.js';

function paragraph(topic: string, index: number): string {
  return `The ${topic} report, part ${index}, says the council will review the plan, the budget and the schedule before spring, according to officials who spoke on Tuesday.`;
}

function head(title: string, description: string): string {
  return `<title>${title} | Daily Courier</title><meta property="og:type" content="article"><meta name="description" content="${description}">`;
}

/** A site menu of long, headline-like links: text enough to outweigh a short story. */
function bigMenu(): string {
  return Array.from(
    { length: 10 },
    (_, section) =>
      `<ul class="m">${Array.from(
        { length: 20 },
        (_, index) =>
          `<li><a href="/s${section}/${index}">Section ${section} feature number ${index}: a longer headline about the week's events in the region, with a clause, and more.</a> <span>Summary ${index}, short.</span></li>`,
      ).join('')}</ul>`,
  ).join('');
}

function evidence(text: string, linkDensity: number): CandidateEvidence {
  return { textLength: text.length, linkDensity, words: wordsOf(text) };
}

const story = [1, 2, 3, 4].map((index) => paragraph('harbour', index)).join(' ');
const clues = (description = '', body?: string): PageClues => ({
  article: true,
  description: new Set([...wordsOf(description)].filter((word) => word.length >= 4)),
  body: body === undefined ? undefined : wordsOf(body),
});

describe('when our candidate is in doubt', () => {
  it('is never in doubt on a page that does not call itself a story', () => {
    expect(isDoubtful(evidence('Home News Sport', 0.9), { ...clues(), article: false })).toBe(false);
  });

  it('is in doubt when mostly links, without the description, or far from the articleBody', () => {
    expect(isDoubtful(evidence(story, 0.5), clues())).toBe(true);
    expect(isDoubtful(evidence(story, 0.05), clues('Ferries resume tomorrow after winter storms'))).toBe(
      true,
    );
    expect(isDoubtful(evidence(story, 0.05), clues('', 'Ferries resume tomorrow after winter storms'))).toBe(
      true,
    );
    expect(isDoubtful(evidence(story, 0.05), clues('The harbour report says the council will review'))).toBe(
      false,
    );
  });
});

describe("taking Readability's candidate", () => {
  const menu = 'Section feature number headline about the week events in the region '.repeat(40);

  it('takes prose over a candidate that is mostly links; with the story inside, only from the whole page', () => {
    expect(prefersSecond(evidence(menu, 0.8), evidence(story, 0), clues())).toBe(true);
    const both = evidence(`${menu} ${story}`, 0.6);
    // A list holding Readability's prose is a listing that calls itself an article, unless ours is
    // the whole page (the last resort, which holds everything).
    expect(prefersSecond(both, evidence(story, 0), clues())).toBe(false);
    expect(prefersSecond(both, evidence(story, 0), clues(), { oursIsWholePage: true })).toBe(true);
  });

  it('keeps ours when the other is short, link-heavy, or only the description', () => {
    expect(prefersSecond(evidence(menu, 0.8), evidence(paragraph('harbour', 1), 0), clues())).toBe(false);
    expect(prefersSecond(evidence(menu, 0.8), evidence(story, 0.3), clues())).toBe(false);
    const intro = `${story} ${story}`;
    expect(prefersSecond(evidence(menu, 0.8), evidence(intro, 0), clues(intro))).toBe(false);
  });

  it('keeps ours when the two agree, and needs the page evidence when they disagree', () => {
    const other = [1, 2, 3, 4].map((index) => paragraph('garden', index)).join(' ');
    expect(prefersSecond(evidence(`${story} more words`, 0.05), evidence(story, 0), clues())).toBe(false);
    const comments = 'Thanks for this lovely writeup, reader here, loved it, cheers, great photos '.repeat(
      20,
    );
    expect(prefersSecond(evidence(comments, 0.05), evidence(other, 0), clues())).toBe(false);
    expect(prefersSecond(evidence(comments, 0.05), evidence(other, 0), clues('garden report council'))).toBe(
      true,
    );
    expect(prefersSecond(evidence(comments, 0.05), evidence(other, 0), clues('', other))).toBe(true);
    expect(prefersSecond(evidence(other, 0.05), evidence(comments, 0), clues('', other))).toBe(false);
  });
});

describe('the second opinion in extraction', () => {
  it('never asks on a page that does not call itself a story', () => {
    const html = `<html><head><title>Links</title></head><body><div class="page"><div class="menu">${bigMenu()}</div></div></body></html>`;
    expect(extractHtmlWithDetails(html, { url: 'https://courier.example/' }).secondOpinion).toBe('not-asked');
  });

  it('keeps a listing whose only prose is its description', () => {
    const intro =
      'Our collection of harbour recipes has something for every table, from fish stews to grilled sardines.';
    const items = Array.from(
      { length: 40 },
      (_, index) =>
        `<li><a href="/r/${index}">Harbour recipe ${index}: fish, lemon and herbs for a weeknight</a></li>`,
    ).join('');
    const html = `<html><head>${head('Harbour recipes', intro)}</head><body><div class="page"><h1>Harbour recipes</h1><p>${intro}</p><ul>${items}</ul></div></body></html>`;
    const page = extractHtmlWithDetails(html, { url: 'https://food.example/recipes/harbour' });
    expect(page.secondOpinion).not.toBe('took-readability');
    expect(page.page.text).toContain('Harbour recipe 7');
  });
});

describe('mayPreferSecond (whether to ask Readability at all)', () => {
  const description = 'Harbour works begin after council vote on the budget';
  const prose = evidence(story, 0.05);
  const never = () => {
    throw new Error('the page words are not needed here');
  };

  it('asks when ours is mostly links, whatever the page holds', () => {
    expect(mayPreferSecond(evidence(story, 0.6), clues(description), never)).toBe(true);
  });

  it('does not ask against prose when no candidate could match the articleBody by the margin', () => {
    expect(mayPreferSecond(prose, clues(description, story), never)).toBe(false);
    expect(
      mayPreferSecond(prose, clues(description, 'An entirely different body of words here.'), never),
    ).toBe(true);
  });

  it('does not ask against prose when the page (as cleaned) does not hold the description either', () => {
    expect(mayPreferSecond(prose, clues(), never)).toBe(false);
    expect(mayPreferSecond(prose, clues(description), () => wordsOf(story))).toBe(false);
    expect(mayPreferSecond(prose, clues(description), () => wordsOf(`${story} ${description}`))).toBe(true);
  });
});

describe('bestDisagreeingBodyF1', () => {
  it('is the best word F1 any candidate disagreeing with ours reaches, found by trying every candidate', () => {
    let seed = 11;
    const random = (below: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % below;
    };
    const f1 = (candidate: string[], body: Set<string>) => {
      const found = candidate.filter((word) => body.has(word)).length;
      return found === 0 ? 0 : (2 * found) / (candidate.length + body.size);
    };
    for (let round = 0; round < 200; round++) {
      // Ten words; the last three are in neither the body nor ours, as a page has words of its own.
      const words = Array.from({ length: 10 }, (_, index) => `w${index}`);
      const body = new Set(words.slice(0, 7).filter(() => random(2) === 0));
      const ours = new Set(words.slice(0, 7).filter(() => random(2) === 0));
      if (body.size === 0) continue;
      let best = 0;
      for (let mask = 1; mask < 2 ** words.length; mask++) {
        const candidate = words.filter((_, index) => mask & (2 ** index));
        const inOurs = candidate.filter((word) => ours.has(word)).length;
        if (inOurs / candidate.length < 0.5) best = Math.max(best, f1(candidate, body));
      }
      const bound = bestDisagreeingBodyF1(ours, body);
      expect(best).toBeLessThanOrEqual(bound + 1e-9);
      // With words enough outside ours and the body, some candidate reaches it.
      const needed = body.size - 2 * [...body].filter((word) => !ours.has(word)).length + 1;
      if (needed <= 3) expect(best).toBeCloseTo(bound, 9);
    }
  });
});
