import { describe, expect, it } from 'vitest';
import { anyRival, bodyOf, descriptionMayHaveRival, type RivalRequirements } from './description-region.js';
import { extractHtmlWithDetails } from './extract.js';
import { contentRootOf, parseDocument } from './parse.js';
import { mayPreferSecond } from './second-opinion.js';
import type { Element } from './tree/index.js';
import { wordsOf } from './word-share.js';

const description = 'Harbour works begin after council vote on the budget for the eastern quay';

function paragraph(index: number): string {
  return `<p>The harbour report, part ${index}, says the engineers will review the plan, the costs and the schedule before spring, according to officials who spoke on Tuesday.</p>`;
}

/** A long prose block about something else that repeats the description: a rival article. */
function rivalArticle(): string {
  const sentences = Array.from(
    { length: 6 },
    (_, index) =>
      `Elsewhere in the region, item ${index}: the ferry timetable changes in March, riders said, and fares rise.`,
  );
  return `<section class="other"><p>${description}.</p><p>${sentences.join(' ')}</p></section>`;
}

function requirementsFor(ours: Element): RivalRequirements {
  return {
    description: new Set([...wordsOf(description)].filter((word) => word.length >= 4)),
    descriptionShare: 0.6,
    minimumLength: 500,
    maximumLinkDensity: 0.25,
    oursWords: wordsOf(ours.textContent),
    agreement: 0.5,
  };
}

/** The page's body and our candidate (the element with id `ours`). */
function pageOf(bodyHtml: string): { body: Element; ours: Element } {
  const body = contentRootOf(parseDocument(`<html><body>${bodyHtml}</body></html>`));
  const ours = body.querySelector('#ours');
  if (!ours) throw new Error('the page has no #ours block');
  return { body, ours };
}

describe('descriptionMayHaveRival', () => {
  const storyBody = [1, 2, 3, 4].map(paragraph).join('');

  it('rules out a rival when the description is a standfirst beside our story: Readability need not run', () => {
    const { body, ours } = pageOf(
      `<article><h1>Harbour works</h1><h2 class="standfirst">${description}.</h2><div id="ours">${storyBody}</div></article>`,
    );
    expect(bodyOf([ours])).toBe(body);
    expect(descriptionMayHaveRival(body, requirementsFor(ours))).toBe(false);
  });

  it('finds a rival when another long prose block of the page holds the description', () => {
    const { body, ours } = pageOf(
      `<article><div id="ours">${storyBody}</div></article><aside>${rivalArticle()}</aside>`,
    );
    expect(descriptionMayHaveRival(body, requirementsFor(ours))).toBe(true);
  });

  it('cannot rule out a rival when the description is shown in two places', () => {
    const { body, ours } = pageOf(
      `<header><p>${description}.</p></header><article><h2>${description}.</h2><div id="ours">${storyBody}</div></article>`,
    );
    expect(descriptionMayHaveRival(body, requirementsFor(ours))).toBe(true);
  });

  it('cannot rule out a rival when the page (as it is now) does not hold the description', () => {
    const { body, ours } = pageOf(`<article><div id="ours">${storyBody}</div></article>`);
    expect(descriptionMayHaveRival(body, requirementsFor(ours))).toBe(true);
  });
});

describe('the second opinion on a story whose standfirst restates the description', () => {
  it('is not asked of Readability, and the story is read as before', () => {
    // The standfirst says the description's words in another order, so it is not taken as the
    // lead, and our candidate (the story) misses most of the description: it is in doubt.
    const standfirst = 'For the eastern quay: council vote on the budget, then harbour works begin';
    const html = `<html><head><title>Harbour works | Courier</title><meta property="og:type" content="article"><meta name="description" content="${description}"></head><body><div class="top"><h1>Harbour works</h1><p class="dek">${standfirst}</p><div class="share"><a href="/s">Share</a></div></div><div class="story">${[1, 2, 3, 4, 5].map(paragraph).join('')}</div></body></html>`;
    const details = extractHtmlWithDetails(html, { url: 'https://courier.example/harbour' });
    expect(details.secondOpinion).toBe('could-not-win');
    expect(details.page.text).toContain('the engineers will review the plan');
    const without = extractHtmlWithDetails(html, {
      url: 'https://courier.example/harbour',
      secondOpinion: false,
    });
    expect(details.page.text).toBe(without.page.text);
  });
});

describe('anyRival (ours read as navigation)', () => {
  const menu = `<ul>${Array.from({ length: 30 }, (_, index) => `<li><a href="/s/${index}">Section ${index} of the harbour pages</a></li>`).join('')}</ul>`;
  const storyBody = [1, 2, 3, 4].map(paragraph).join('');

  it("finds none when our region, menus and all, holds the page's only prose", () => {
    const { body, ours } = pageOf(`<div id="ours">${menu}${storyBody}${menu}</div><footer>${menu}</footer>`);
    expect(anyRival(body, requirementsFor(ours))).toBe(false);
    // Then Readability is not asked against a candidate read as navigation.
    const evidence = { textLength: 2000, linkDensity: 0.6, words: wordsOf(ours.textContent) };
    const clues = { article: true, description: new Set<string>(), body: undefined };
    const never = () => new Set<string>();
    expect(mayPreferSecond(evidence, clues, never, { oursIsWholePage: false })).toBe(true);
    expect(
      mayPreferSecond(evidence, clues, never, {
        oursIsWholePage: false,
        anyRival: (requirements) => anyRival(body, { ...requirements, oursWords: evidence.words }),
      }),
    ).toBe(false);
  });

  it('is asked against a story whose stated articleBody is far from ours, and rules out Readability there too', () => {
    const { body, ours } = pageOf(`<article id="ours">${storyBody}</article><footer>${menu}</footer>`);
    const evidence = { textLength: 800, linkDensity: 0.02, words: wordsOf(ours.textContent) };
    const clues = {
      article: true,
      description: new Set<string>(),
      body: wordsOf('Ferry fares rise in March as the timetable changes, riders said on Monday.'),
    };
    const never = () => new Set<string>();
    expect(mayPreferSecond(evidence, clues, never, { oursIsWholePage: false })).toBe(true);
    const probe = (requirements: Parameters<typeof anyRival>[1]) => anyRival(body, requirements);
    expect(mayPreferSecond(evidence, clues, never, { oursIsWholePage: false, anyRival: probe })).toBe(false);
  });

  it('finds one when a block of prose outside our region says something else', () => {
    const { body, ours } = pageOf(`<div id="ours">${menu}</div><article>${rivalArticle()}</article>`);
    expect(anyRival(body, requirementsFor(ours))).toBe(true);
  });
});
