import { describe, expect, it } from 'vitest';
import { cpuClock } from '../../testing/vitest/cpu-clock.js';
import { classVerdictOf } from './boilerplate.js';
import { extractHtmlWithDetails } from './extract.js';
import { contentRootOf, parseDocument } from './parse.js';
import { CLASS_TOKEN_READINGS, type ClassTokenReadings, readClassTokens } from './token-readings.js';

/** The class verdict of a `<div>` of this class, with and without reading how its tokens are built. */
function verdictsOf(className: string): [string, string] {
  const root = contentRootOf(parseDocument(`<body><div class="${className}">Text</div></body>`));
  const element = root.querySelector('div')!;
  return [classVerdictOf(element, false), classVerdictOf(element, CLASS_TOKEN_READINGS)];
}

describe('readClassTokens', () => {
  it('cuts a negated word out of its token, and keeps what the token says besides', () => {
    expect(
      readClassTokens(['non-paywall', 'no_overlay', 'no-js-hidden', 'navigation-not-searchable']),
    ).toEqual(['-hidden', 'navigation']);
    // `no` inside a word is no negation.
    expect(readClassTokens(['notice', 'nonce-box', 'nowrap'])).toEqual(['notice', 'nonce-box', 'nowrap']);
  });

  it('leaves out style utilities and tokens that hide a part of the box', () => {
    expect(
      readClassTokens([
        'decoration-skip-ink-none',
        'hide-scrollbar',
        'scrollbar-hidden',
        'hidden_indents',
        'card',
      ]),
    ).toEqual(['card']);
    // Hiding the block itself, or a block named after its part, is still hiding.
    expect(readClassTokens(['hidden', 'hide-section', 'sidebar-scrollbar'])).toEqual([
      'hidden',
      'hide-section',
      'sidebar-scrollbar',
    ]);
  });
});

describe('class verdicts read by how a token is built', () => {
  it('reads a negated furniture word, a style utility and a hidden scrollbar as no furniture', () => {
    expect(verdictsOf('story non-paywall')).toEqual(['intrusive', 'neutral']);
    expect(verdictsOf('section no-promo')).toEqual(['boilerplate', 'neutral']);
    expect(verdictsOf('underline decoration-skip-ink-none')).toEqual(['boilerplate', 'neutral']);
    expect(verdictsOf('tabs hide-scrollbar')).toEqual(['boilerplate', 'neutral']);
  });

  it('still reads furniture that no negation, utility or part qualifies', () => {
    expect(verdictsOf('paywall-teaser')).toEqual(['intrusive', 'intrusive']);
    expect(verdictsOf('no-js-hidden')).toEqual(['boilerplate', 'boilerplate']);
    expect(verdictsOf('sidebar hide-scrollbar')).toEqual(['boilerplate', 'boilerplate']);
  });

  it('keeps the free part of a story whose class negates a paywall', () => {
    const paragraphs = (words: string, count: number) =>
      Array.from({ length: count }, (_, index) => index + 1)
        .map(
          (index) =>
            `<p>${words}, paragraph ${index}, tells the reader what the city council decided about the new tram line and why.</p>`,
        )
        .join('');
    const html = `<html><head><title>Tram line</title></head><body><article><h1>Tram line</h1>
      <div class="article-teaser non-paywall">${paragraphs('The free part', 2)}</div>
      <div class="article-rest">${paragraphs('The rest', 5)}</div></article></body></html>`;
    const read = (classTokens: ClassTokenReadings | false) =>
      extractHtmlWithDetails(html, { url: 'https://example.com/tram', classTokens }).page.text;
    expect(read(CLASS_TOKEN_READINGS)).toContain('The free part, paragraph 2');
    expect(read(false)).not.toContain('The free part, paragraph 2');
  });

  it('with smallScreens, reads hiding on a screen smaller than a desktop as hiding nothing', () => {
    const tokens = [
      'l-hidden-s',
      'hide-tablet',
      'hidden-sm-down',
      'hide-for-small-only',
      'small-hide',
      'is-hidden-touch',
    ];
    expect(readClassTokens(tokens, { smallScreens: true })).toEqual([]);
    expect(readClassTokens(tokens, { smallScreens: false })).toEqual(tokens);
    // Hiding from a small screen up, or on a desktop, hides the block where the reader reads it.
    const onDesktop = ['hidden-sm-up', 'hide-desktop', 'hidden-lg', 'mobile-only'];
    expect(readClassTokens(onDesktop, { smallScreens: true })).toEqual(onDesktop);
  });

  it('reads a token of a megabyte of negations in linear time', () => {
    const token = `${'no-'.repeat(300_000)}paywall`;
    const started = cpuClock();
    // Each `no` negates the next word, a `no` too: the last word stands.
    expect(readClassTokens([token])).toEqual(['-paywall']);
    // Generous: a pattern that backtracked over the token would take minutes.
    expect(started.ms()).toBeLessThan(1000);
  });
});
