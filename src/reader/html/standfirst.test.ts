import { describe, expect, it } from 'vitest';
import { renderText } from './markdown.js';
import { contentRootOf, parseDocument } from './parse.js';
import { trimStandfirst } from './standfirst.js';
import type { Element } from './tree/index.js';

const description = 'The council will review the harbour plan and its budget before spring, officials said.';

function leadOf(html: string): Element {
  return contentRootOf(
    parseDocument(`<html><body><header id="lead">${html}</header></body></html>`),
  ).querySelector('#lead')!;
}

function trimmed(html: string, text = description, keepHeadings = false): string {
  return renderText([trimStandfirst(leadOf(html), text, { keepHeadings })!]);
}

describe('trimStandfirst', () => {
  it('keeps only the description of a header that also holds a kicker, a headline, a date and a credit', () => {
    const text = trimmed(
      `<span class="kicker"><a href="/politics">Politics</a></span><h1>Harbour plan reviewed</h1><p><time>3 March 2024</time></p><div class="dek"><p>The council will review the <em>harbour plan</em> and its budget before spring, officials said.</p></div><div class="credit">Photo: Jane Roe</div>`,
    );
    expect(text).toBe(description);
  });

  it('keeps the headline when headings stay', () => {
    const text = trimmed(
      `<h1>Harbour plan reviewed</h1><p>${description}</p><p>3 March 2024</p>`,
      description,
      true,
    );
    expect(text).toContain('Harbour plan reviewed');
    expect(text).toContain(description);
    expect(text).not.toContain('March');
  });

  it('keeps a description split over two paragraphs, and a paragraph the description opens', () => {
    expect(
      trimmed(
        '<p>The council will review the harbour plan</p><p>and its budget before spring, officials said.</p>',
      ),
    ).toContain('and its budget');
    const cut = 'The council will review the harbour plan and its budget before spring, officials...';
    expect(trimmed(`<p>${description} More from the mayor.</p>`, cut)).toContain('More from the mayor.');
  });

  it('keeps what follows a description cut short: the lead goes on there', () => {
    const cut = 'The council will review the harbour plan and its budget before spring, officials...';
    const text = trimmed(`<h2>Harbour</h2><p>${description}</p><p>The mayor agreed.</p>`, cut);
    expect(text).not.toContain('Harbour\n');
    expect(text).toContain('The mayor agreed.');
    expect(trimmed(`<p>${description}</p><p>The mayor agreed.</p>`)).not.toContain('The mayor agreed.');
  });

  it('keeps inline text around the description whole: no sentence loses words', () => {
    const text = trimmed(`<p>Updated: <span>${description}</span> <b>(Reuters)</b></p>`);
    expect(text).toContain('Updated:');
    expect(text).toContain('(Reuters)');
  });

  it('reads a deep nest of blocks around the description', () => {
    const depth = 20000;
    const html = `${'<div>'.repeat(depth)}<p>${description}</p><p>Credit</p>${'</div>'.repeat(depth)}`;
    expect(trimmed(html)).toBe(description);
  });
});
