import { describe, expect, it } from 'vitest';
import { renderText } from './markdown.js';
import { contentRootOf, parseDocument } from './parse.js';
import { dropAtTitleHeading, TITLE_HEADING_LIMITS, type TitleHeadingLimits } from './title-heading.js';

const story = `<p>${'The council will review the harbour plan and its budget before spring, officials said. '.repeat(3)}</p>`;

function textAfter(html: string, title: string, limits: TitleHeadingLimits = TITLE_HEADING_LIMITS): string {
  const root = contentRootOf(parseDocument(`<html><body><article>${html}</article></body></html>`));
  const content = [root.querySelector('article')!];
  dropAtTitleHeading(content, title, limits);
  return renderText(content);
}

describe('dropAtTitleHeading', () => {
  it('drops the breadcrumb, kicker and section label ahead of the heading that repeats the title', () => {
    const text = textAfter(
      `<div class="crumbs">Home » News » Harbour</div><span class="kicker">Politics</span><h2>Council to review the harbour plan</h2><p class="dek">A short dek.</p>${story}`,
      'Council to review the harbour plan',
    );
    expect(text).not.toContain('Home');
    expect(text).not.toContain('Politics');
    expect(text.startsWith('Council to review the harbour plan')).toBe(true);
    expect(text).toContain('A short dek.');
  });

  it('drops the heading too when asked', () => {
    const text = textAfter(
      `<h1>Council to review the harbour plan</h1>${story}`,
      'Council to review the harbour plan',
      {
        ...TITLE_HEADING_LIMITS,
        heading: true,
      },
    );
    expect(text.startsWith('The council will review')).toBe(true);
  });

  it('keeps everything when no heading ahead of the prose repeats the title', () => {
    const html = `<div>Politics</div><h2>A slogan of the site</h2>${story}<h2>Council to review the harbour plan</h2><p>After.</p>`;
    const text = textAfter(html, 'Council to review the harbour plan');
    expect(text).toContain('Politics');
    expect(text).toContain('After.');
    // A title of one word says too little to match a heading by.
    expect(textAfter(`<div>Politics</div><h2>Harbour</h2>${story}`, 'Harbour')).toContain('Politics');
  });

  it('asks that the heading hold most of the title, not one of its words', () => {
    const text = textAfter(
      `<div>Politics</div><h3>Harbour</h3>${story}`,
      'Council to review the harbour plan before spring',
    );
    expect(text).toContain('Politics');
  });
});
