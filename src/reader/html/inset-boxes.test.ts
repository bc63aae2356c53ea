import { describe, expect, it } from 'vitest';
import { extractHtml, extractHtmlWithDetails, INSET_LIMITS } from './index.js';

const url = 'https://example.com/harbour';

const sentence = (topic: string) =>
  `The ${topic} was discussed at length, and everyone agreed that it needed more careful study before any decision.`;

const paragraphs = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => `<p>${sentence(`harbour ${from + index}`)}</p>`).join(
    '',
  );

const page = (body: string) => `<html><body><article><h1>Harbour plans</h1>${body}</article></body></html>`;

/** The same page read with inset boxes kept: what the mechanism alone removes. */
const withInsets = (html: string) => extractHtmlWithDetails(html, { url, insets: false }).page.text;

describe('inset boxes', () => {
  it('drops a short box set among the story’s paragraphs, and keeps the paragraphs', () => {
    const box =
      '<div class="panel"><strong>Never miss a tide</strong> Our weekly letter brings the port to you.</div>';
    const html = page(`${paragraphs(1, 3)}${box}${paragraphs(4, 6)}`);
    const text = extractHtml(html, { url }).text;
    for (let index = 1; index <= 6; index++) expect(text).toContain(sentence(`harbour ${index}`));
    expect(text).not.toContain('Never miss a tide');
    expect(withInsets(html)).toContain('Never miss a tide');
  });

  it('drops a box whose kind repeats only as an empty slot, and keeps it when empty slots count', () => {
    const box =
      '<div class="panel"><strong>Never miss a tide</strong> Our weekly letter brings the port to you.</div>';
    const html = page(`${paragraphs(1, 3)}${box}${paragraphs(4, 6)}<div class="panel"></div>`);
    expect(extractHtml(html, { url }).text).not.toContain('Never miss a tide');
    const counted = extractHtmlWithDetails(html, { url, insets: { ...INSET_LIMITS, emptyRepeats: true } });
    expect(counted.page.text).toContain('Never miss a tide');
  });

  it('keeps what comes before the first paragraph: a standfirst is the story’s', () => {
    const lead = '<div class="standfirst">The council backs the new quay after a year of talks.</div>';
    const text = extractHtml(page(`${lead}${paragraphs(1, 5)}`), { url }).text;
    expect(text).toContain('The council backs the new quay');
  });

  it('keeps a box holding a quotation, code or a table: an embedded post is the story’s', () => {
    const embed =
      '<div class="embed"><blockquote>Record tide at the pier this morning, 3.2 metres.</blockquote></div>';
    const text = extractHtml(page(`${paragraphs(1, 3)}${embed}${paragraphs(4, 5)}`), { url }).text;
    expect(text).toContain('Record tide at the pier');
  });

  it('keeps blocks of one kind that are the story’s paragraphs, however many boxes they hold', () => {
    const blocks = [1, 2, 3, 4, 5]
      .map((index) => `<div class="para">${sentence(`quay ${index}`)}</div>`)
      .join('');
    const html = page(`<p>${sentence('pier')}</p>${blocks}`);
    const text = extractHtml(html, { url }).text;
    expect(text).toContain(sentence('quay 1'));
    expect(text).toContain(sentence('quay 5'));
  });

  it('keeps a box that holds much of the text: a section of the story, not an aside', () => {
    const section = `<div class="chapter">${sentence('ferry')} ${sentence('berth')} ${sentence('crane')}</div>`;
    const text = extractHtml(page(`${paragraphs(1, 3)}${section}`), { url }).text;
    expect(text).toContain(sentence('crane'));
  });
});
