import { describe, expect, it } from 'vitest';
import { extractHtmlWithDetails } from './index.js';
import { STORY_TAIL_LIMITS } from './story-tail.js';

const url = 'https://example.com/harbour';

const sentence = (topic: string) =>
  `The ${topic} was discussed at length, and everyone agreed that it needed more careful study before any decision.`;

const section = (title: string) =>
  `<h2>${title}</h2>${[1, 2, 3].map((index) => `<p>${sentence(`${title} ${index}`)}</p>`).join('')}`;

const story = `<div class="body">${section('Berths')}${section('Cranes')}</div>`;

const article = (after: string) =>
  `<html><head><meta property="og:type" content="article"></head><body><main><div class="wrap"><article><h1>Harbour plans</h1>${story}</article>${after}</div></main><div class="footer">Copyright</div></body></html>`;

/** The page's text as the reader gives it, and with the story's own sections cut with its tail. */
const read = (html: string) => ({
  kept: extractHtmlWithDetails(html, { url }).page.text,
  cut: extractHtmlWithDetails(html, { url, tail: { ...STORY_TAIL_LIMITS, sections: false } }).page.text,
});

const answer = (topic: string) => `<div class="answer"><p>${sentence(topic)}</p></div>`;

describe('the story’s own closing sections', () => {
  it('keeps questions and answers after the story’s element', () => {
    const faq = ['When do ferries run?', 'Where is the quay?', 'Who pays for the cranes?']
      .map((question, index) => `<div class="item"><h3>${question}</h3>${answer(`reply ${index}`)}</div>`)
      .join('');
    const { kept, cut } = read(article(`<div class="faq">${faq}</div>`));
    expect(kept).toContain('Who pays for the cranes?');
    expect(kept).toContain(sentence('reply 2'));
    expect(cut).not.toContain(sentence('reply 2'));
  });

  it('keeps a section headed like the story’s own, in paragraphs like the story’s', () => {
    const { kept, cut } = read(
      article(`<section class="extra">${section('Tips from the harbour master')}</section>`),
    );
    expect(kept).toContain(sentence('Tips from the harbour master 3'));
    expect(cut).not.toContain(sentence('Tips from the harbour master 3'));
  });

  it('still drops teasers whose titles happen to ask, and an author’s box', () => {
    const titles = [
      'Why do gulls follow ferries?',
      'New quay opens',
      'Is the pier safe?',
      'Crane record',
      'Who owns the bay?',
      'Tide tables',
    ];
    const teasers = titles
      .map(
        (title, index) =>
          `<div class="card"><h3><a href="/story/${index}">${title}</a></h3><p>${sentence(`teaser ${index}`)}</p></div>`,
      )
      .join('');
    const author =
      '<div class="author"><p>Jane Roe writes about ports, ferries and the people who work on them, from an office by the quay.</p></div>';
    const { kept } = read(
      article(`${author}<section class="more"><h2>More stories</h2>${teasers}</section>`),
    );
    expect(kept).toContain(sentence('Cranes 3'));
    expect(kept).not.toContain('Jane Roe writes');
    expect(kept).not.toContain(sentence('teaser 5'));
  });
});
