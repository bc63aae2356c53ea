import { describe, expect, it } from 'vitest';
import { cpuClock } from '../../testing/vitest/cpu-clock.js';
import { extractHtmlWithDetails } from './extract.js';
import { HEADED_RUN_LIMITS, headedRunTest } from './headed-runs.js';
import { contentRootOf, parseDocument } from './parse.js';

const sentence = (topic: string) =>
  `The ${topic} must be filed with the department, and the filing fee is paid when the form is sent in by post or online.`;

/** A guide set in chapters whose class reads as boilerplate (`toc`: a table of contents). */
const chapter = (title: string) =>
  `<section class="toc-para"><h2>${title}</h2><p>${sentence(title.toLowerCase())} ${sentence('notice')}</p></section>`;

const guide = `<html><head><title>Forming a company</title></head><body>
  <nav><a href="/">Home</a> <a href="/services">Services</a></nav>
  <main><h1>Forming a company</h1><p>How to form a company in this state.</p>
  <div class="toc-chapters">${['Choosing a name', 'Articles of organization', 'Publication', 'Fees'].map(chapter).join('')}</div>
  </main><footer><p>Copyright the department.</p></footer></body></html>`;

describe('headedRunTest', () => {
  it('keeps look-alike headed chapters whose class reads as boilerplate, and drops them when off', () => {
    const on = extractHtmlWithDetails(guide, { url: 'https://example.gov/forming' }).page.text;
    expect(on).toContain('Articles of organization');
    expect(on).toContain('The publication must be filed');
    const off = extractHtmlWithDetails(guide, { url: 'https://example.gov/forming', headedRuns: false }).page
      .text;
    expect(off).not.toContain('The publication must be filed');
  });

  it('leaves out teasers (their headings link elsewhere), link lists and runs below the share', () => {
    const teaser = (title: string) =>
      `<div class="related-post"><h3><a href="/${title}">${title} in the news today</a></h3><p>${sentence(title)}</p></div>`;
    const links = (title: string) =>
      `<div class="menu-col"><h3>${title}</h3><p><a href="/a">First link of the column</a> <a href="/b">Second link of it</a></p></div>`;
    const story =
      `<p>${sentence('story')} ${sentence('report')} ${sentence('claim')} ${sentence('return')}</p>`.repeat(
        6,
      );
    const document = parseDocument(
      `<body><article>${story}</article><div class="widget">${['a', 'b', 'c'].map(teaser).join('')}</div>
       <div class="nav-cols">${['x', 'y'].map(links).join('')}</div>
       <div class="sidebar">${chapter('One')}${chapter('Two')}</div></body>`,
    );
    const root = contentRootOf(document);
    const test = headedRunTest(root, HEADED_RUN_LIMITS);
    for (const element of document.querySelectorAll('.related-post, .menu-col'))
      expect(test(element)).toBe(false);
    expect(test(document.querySelector('.toc-para')!)).toBe(true);
    const share = headedRunTest(root, { ...HEADED_RUN_LIMITS, minShare: 0.3 });
    expect(share(document.querySelector('.toc-para')!)).toBe(false);
  });

  it('stays linear on thousands of nested look-alike sections', () => {
    let html = '<p>end</p>';
    for (let level = 0; level < 3000; level++)
      html = `<div class="toc-box"><h2>Part ${level}</h2><p>Some words here.</p>${html}</div><div class="toc-box"><h2>Side</h2><p>x</p></div>`;
    const document = parseDocument(`<body>${html}</body>`);
    const root = contentRootOf(document);
    const test = headedRunTest(root, HEADED_RUN_LIMITS);
    const started = cpuClock();
    for (const element of document.querySelectorAll('.toc-box')) test(element);
    expect(document.querySelectorAll('.toc-box').length).toBe(6000);
    // Generous: each parent's children are grouped once; reading every section's look-alikes again at
    // each level (3,000 deep) would take minutes.
    expect(started.ms()).toBeLessThan(5000);
  });
});
